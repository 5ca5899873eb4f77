//! docs/course-pack.md, "Your first course in 20 minutes", followed as written: its
//! example note is the fixture's, and its `lantern` commands run in order on a copy of
//! tests/fixtures/authoring/first-course/volcano-notes, with the teacher's edit (an exam
//! question copied from REVIEW.md) between drafting and checking.

mod common;

use common::{lantern, repo};
use std::path::Path;

const SECTION: &str = "## Your first course in 20 minutes";
const NOTES: &str = "tests/fixtures/authoring/first-course/volcano-notes";

/// The walk-through section of the guide.
fn walkthrough() -> String {
    let guide = std::fs::read_to_string(repo("docs/course-pack.md")).unwrap();
    let start = guide.find(SECTION).expect("the walk-through section");
    let rest = &guide[start + SECTION.len()..];
    let end = rest.find("\n## ").unwrap_or(rest.len());
    rest[..end].to_string()
}

/// The code blocks of `text` in `language`.
fn blocks(text: &str, language: &str) -> Vec<String> {
    let fence = format!("```{language}\n");
    text.split(&fence)
        .skip(1)
        .filter_map(|b| b.split_once("```").map(|(code, _)| code.to_string()))
        .collect()
}

/// Splits a command line into words, keeping "quoted words" together.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, part) in line.split('"').enumerate() {
        if i % 2 == 1 {
            out.push(part.to_string());
        } else {
            out.extend(part.split_whitespace().map(str::to_string));
        }
    }
    out
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
}

/// What the teacher does after reading REVIEW.md: adds the exam question it shows,
/// filled in, to `exams.json`.
fn add_exam_question(pack: &Path) {
    let review = std::fs::read_to_string(pack.join("REVIEW.md")).unwrap();
    assert!(
        review.contains("\"unitIds\": [\"tectonic-plates\"]"),
        "{review}"
    );
    let exams = pack.join("exams.json");
    let mut file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&exams).unwrap()).unwrap();
    file["questions"] = serde_json::json!([{
        "id": "Q1", "unitIds": ["magma"], "tier": "bronze",
        "stem": "What is magma called when it reaches the surface?",
        "options": [{ "id": "A", "text": "Lava" }, { "id": "B", "text": "Ash" }],
        "correct": "A",
        "memo": "Molten rock is magma underground and lava once it reaches the surface; ash is rock blown into dust."
    }]);
    std::fs::write(&exams, serde_json::to_string_pretty(&file).unwrap()).unwrap();
}

#[test]
fn the_guides_example_note_is_the_fixtures() {
    let shown = blocks(&walkthrough(), "markdown");
    let fixture = std::fs::read_to_string(repo(&format!("{NOTES}/2-magma.md"))).unwrap();
    assert_eq!(shown, vec![fixture]);
}

#[test]
fn a_teacher_follows_the_walkthrough_from_notes_to_the_tutor() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    copy_dir(Path::new(&repo(NOTES)), &d.join("volcano-notes"));
    let commands: Vec<Vec<String>> = blocks(&walkthrough(), "sh")
        .iter()
        .flat_map(|b| b.lines().map(words).collect::<Vec<_>>())
        .filter(|w| w.first().is_some_and(|c| c == "lantern"))
        .collect();
    let names: Vec<String> = commands.iter().map(|c| c[1..3].join(" ")).collect();
    assert_eq!(
        names,
        vec![
            "course new",
            "course check",
            "course import",
            "tutor new",
            "tutor say"
        ]
    );
    let mut last = String::new();
    for command in &commands {
        // The relative paths of the guide are relative to the folder holding the notes.
        let args: Vec<String> = command[1..]
            .iter()
            .map(|a| {
                if a.starts_with("volcano-notes") {
                    d.join(a).to_string_lossy().to_string()
                } else {
                    a.clone()
                }
            })
            .collect();
        if command[1..3] == ["course", "check"] {
            add_exam_question(&d.join("volcano-notes-pack"));
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = lantern(d, &args);
        assert!(
            run.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        last = String::from_utf8_lossy(&run.stdout).to_string();
        if command[1..3] == ["course", "check"] {
            assert!(last.contains("0 problems, 0 warnings"), "{last}");
        }
    }
    assert!(last.contains("tutor:"), "the tutor answers: {last}");
}
