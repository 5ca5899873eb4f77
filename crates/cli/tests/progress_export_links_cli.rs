//! `lantern progress export --out STICK` on a shared stick where someone planted links
//! (issue #44): at the hand-in's own names and at the `.part` name earlier versions
//! wrote through, each pointing at a file of the student's. The export must write
//! regular files on the stick and leave the linked files as they were.

mod common;

use common::{json, lantern, repo};
use std::path::{Path, PathBuf};

const NOW: &str = "2026-11-29T10:00:00Z";

/// Runs a command that must succeed.
fn ok(data: &Path, args: &[&str]) {
    let out = lantern(data, args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Ana on her own data folder, with an exam answer to hand in.
fn ana_with_progress(data: &Path) {
    ok(data, &["profiles", "create", "Ana"]);
    let pack = repo("tests/fixtures/packs/cell-biology");
    ok(data, &["course", "import", &pack]);
    let thread = json(
        data,
        &["tutor", "new", "--course", "cell-biology", "--json"],
    )["id"]
        .to_string();
    ok(
        data,
        &["tutor", "exam", "submit", &thread, "BIO-01-B1", "A"],
    );
}

/// Exports Ana's progress into `stick`; the paths written.
fn export(data: &Path, stick: &Path) -> Vec<PathBuf> {
    let out = lantern(
        data,
        &[
            "progress",
            "--now",
            NOW,
            "export",
            "--out",
            stick.to_str().unwrap(),
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.strip_prefix("wrote "))
        .map(PathBuf::from)
        .collect()
}

#[test]
fn an_export_onto_planted_links_writes_regular_files_and_leaves_their_targets() {
    let (data, home) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    ana_with_progress(data.path());
    let clean = tempfile::tempdir().unwrap();
    let written = export(data.path(), clean.path());
    assert_eq!(written.len(), 2, "{written:?}");

    let stick = tempfile::tempdir().unwrap();
    let mut victims = Vec::new();
    for (i, path) in written.iter().enumerate() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for planted in [name.clone(), format!(".{name}.part")] {
            let victim = home
                .path()
                .join(format!("lantern-{i}-{}.db", victims.len()));
            std::fs::write(&victim, b"the student's database").unwrap();
            std::os::unix::fs::symlink(&victim, stick.path().join(planted)).unwrap();
            victims.push(victim);
        }
    }
    let again = export(data.path(), stick.path());

    for victim in &victims {
        assert_eq!(
            std::fs::read_to_string(victim).unwrap(),
            "the student's database",
            "{} was written through a link",
            victim.display()
        );
    }
    for (path, first) in again.iter().zip(&written) {
        let meta = std::fs::symlink_metadata(path).unwrap();
        assert!(
            meta.file_type().is_file(),
            "{} is not a regular file",
            path.display()
        );
        assert_eq!(std::fs::read(path).unwrap(), std::fs::read(first).unwrap());
    }
}
