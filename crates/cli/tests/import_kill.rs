//! Course imports are crash-atomic: `lantern course import` of a changed course over an
//! existing one is SIGKILLed at ten points spread over the import; after each kill the
//! catalog (`course list`) and a search in every collection show either the complete
//! old or the complete new course, never an empty or mixed one, and the next import
//! succeeds.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Kill points spread over one import.
const KILLS: u32 = 10;
/// The collections a course fills.
const COLLECTIONS: &str = "unit_anchors,unit_content_chunks,exam_candidates,exam_support_chunks";

fn lantern(data_dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_lantern"));
    command
        .arg("--data-dir")
        .arg(data_dir)
        .env("OMP_WAIT_POLICY", "PASSIVE");
    command
}

fn succeeded(output: Output) -> String {
    assert!(
        output.status.success(),
        "lantern failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn import(data_dir: &Path, pack: &Path) -> Duration {
    let started = Instant::now();
    succeeded(
        lantern(data_dir)
            .args(["course", "import"])
            .arg(pack)
            .output()
            .unwrap(),
    );
    started.elapsed()
}

/// What the catalog and the index say of the one course: its title and searchable
/// documents per collection.
fn listed(data_dir: &Path) -> (String, Value) {
    let out = succeeded(
        lantern(data_dir)
            .args(["course", "list", "--json"])
            .output()
            .unwrap(),
    );
    let courses: Vec<Value> = serde_json::from_str(&out).unwrap();
    assert_eq!(courses.len(), 1, "one course: {out}");
    let course = &courses[0];
    (
        course["title"].as_str().unwrap().to_string(),
        course["documents"].clone(),
    )
}

/// Hits per collection of a search in every collection.
fn hits_per_collection(data_dir: &Path) -> Vec<(String, usize)> {
    let out = succeeded(
        lantern(data_dir)
            .args([
                "search",
                "--course",
                "grade10-algebra",
                "--json",
                "--collection",
            ])
            .args([COLLECTIONS, "factorise trinomials"])
            .output()
            .unwrap(),
    );
    COLLECTIONS
        .split(',')
        .map(|name| {
            let n = out
                .lines()
                .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                .filter(|hit| hit["collection"] == name)
                .count();
            (name.to_string(), n)
        })
        .collect()
}

/// The sample course revised: another title, ten questions fewer, more notes in a unit.
fn revised_course(dir: &Path) -> PathBuf {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../courses/grade10-algebra");
    let revised = dir.join("grade10-algebra-revised");
    let copied = Command::new("cp")
        .arg("-r")
        .arg(&sample)
        .arg(&revised)
        .status()
        .unwrap();
    assert!(copied.success());
    let edit = |file: &str, change: &dyn Fn(&mut Value)| {
        let path = revised.join(file);
        let mut json: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        change(&mut json);
        std::fs::write(path, json.to_string()).unwrap();
    };
    edit("course.json", &|c| c["title"] = "Algebra (revised)".into());
    edit("exams.json", &|e| {
        let questions = e["questions"].as_array_mut().unwrap();
        questions.truncate(questions.len() - 10);
    });
    let notes = revised.join("units/ALG-05.md");
    let mut text = std::fs::read_to_string(&notes).unwrap();
    text.push_str("\n\n## Revision notes\n\nFactorise trinomials by finding two numbers whose product is ac and whose sum is b, then group the terms in pairs.\n");
    std::fs::write(notes, text).unwrap();
    revised
}

#[test]
fn a_killed_reimport_leaves_the_complete_old_or_new_course() {
    let dir = tempfile::tempdir().unwrap();
    let (data, scratch) = (dir.path().join("data"), dir.path().join("scratch"));
    let original = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../courses/grade10-algebra");
    let revised = revised_course(dir.path());

    // The two complete states, each imported once from nothing.
    import(&scratch, &revised);
    let new = listed(&scratch);
    let took = import(&data, &original);
    let old = listed(&data);
    assert_ne!(old, new, "the revision changes the course");

    let mut current = old.clone();
    let mut new_seen = 0;
    for k in 0..KILLS {
        let (pack, target) = if current == old {
            (&revised, &new)
        } else {
            (&original, &old)
        };
        let delay = took.mul_f64((f64::from(k) + 0.5) / f64::from(KILLS));
        let mut child = lantern(&data)
            .args(["course", "import"])
            .arg(pack)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(delay);
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();

        let after = listed(&data);
        assert!(
            after == current || &after == target,
            "kill {k} at {delay:?}: neither the old nor the new course: {after:?}"
        );
        for (collection, hits) in hits_per_collection(&data) {
            assert!(
                hits > 0,
                "kill {k} at {delay:?}: {collection} found nothing"
            );
        }
        if after == new {
            new_seen += 1;
        }
        current = after;
    }
    import(&data, &revised);
    assert_eq!(listed(&data), new, "the next import succeeds");
    assert!(new_seen < KILLS, "some kills must land before the switch");
}
