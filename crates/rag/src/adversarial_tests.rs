//! Property tests of pack reading over random and mutated zips and manifests: reading
//! never panics, always ends in the pack or a coded error, and stays within the limits;
//! and checking a crafted zip (8 KB inflating to an 8 MiB manifest of four million
//! items) gives a capped report in seconds, not hours.

use crate::{check_course_path, check_module_path, read_course_pack};
use lantern_core::{Coded, ErrorCode};
use lantern_packs::course::check::{PackCheckReport, MAX_FINDINGS};
use lantern_packs::import_limits::{MAX_TEXT_FILE_BYTES, MAX_UNITS};
use lantern_packs::module::MAX_PHASES;
use proptest::prelude::*;
use std::io::Write;

const COURSE: &str = r#"{"formatVersion":1,"id":"c","title":"T","entryUnit":"u1",
    "units":[{"id":"u1","title":"U","anchor":"a","content":["units/a.md"]}]}"#;
const EXAMS: &str = r#"{"formatVersion":1,"questions":[]}"#;

/// A valid pack as zip bytes.
fn valid_zip() -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    for (name, text) in [
        ("course.json", COURSE),
        ("exams.json", EXAMS),
        ("units/a.md", "# A\n\nText."),
    ] {
        zip.start_file(name, options).unwrap();
        zip.write_all(text.as_bytes()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

/// `files` (name, text) as zip bytes, deflated as tightly as deflate goes.
fn zip_of(files: &[(&str, &str)]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_level(Some(9));
    for (name, text) in files {
        zip.start_file(*name, options).unwrap();
        zip.write_all(text.as_bytes()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

/// A manifest of four million `7`s in the list `list`, after `head` (the manifest's other
/// members): 8 MB, just within the text limit.
fn four_million(head: &str, list: &str) -> String {
    let items = vec!["7"; 4_000_000].join(",");
    let text = format!(r#"{{{head}, "{list}": [{items}]}}"#);
    assert!(text.len() as u64 <= MAX_TEXT_FILE_BYTES);
    text
}

/// Checks the zip `bytes` with `check`: the report, within the findings cap.
fn check_zip(
    bytes: &[u8],
    check: fn(&std::path::Path) -> Result<PackCheckReport, lantern_packs::course::PackError>,
) -> PackCheckReport {
    assert!(bytes.len() < 10 * 1024, "{} bytes", bytes.len());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pack.zip");
    std::fs::write(&path, bytes).unwrap();
    let report = check(&path).unwrap();
    assert!(report.problems.len() <= MAX_FINDINGS);
    assert!(report.warnings.len() <= MAX_FINDINGS);
    report
}

#[test]
fn a_zip_of_four_million_units_is_checked_within_the_cap() {
    let course = four_million(
        r#""formatVersion": 1, "id": "c", "title": "T", "entryUnit": "u1""#,
        "units",
    );
    let report = check_zip(
        &zip_of(&[("course.json", &course), ("exams.json", EXAMS)]),
        check_course_path,
    );
    assert_eq!(report.problems[1].code, "import_too_many_items");
    assert_eq!(report.problems[1].field.as_deref(), Some("units"));
    assert_eq!(report.problems.len(), MAX_FINDINGS);
    assert_eq!(
        report.problems.len() + report.omitted as usize,
        2 + MAX_UNITS - 1
    );
}

#[test]
fn a_zip_of_four_million_phases_is_checked_within_the_cap() {
    let module = four_million(
        r#""formatVersion": 1, "id": "m", "title": "M", "language": "en""#,
        "phases",
    );
    let report = check_zip(&zip_of(&[("module.json", &module)]), check_module_path);
    assert_eq!(report.problems[1].code, "import_too_many_items");
    assert_eq!(report.problems.len(), 1 + MAX_PHASES);
}

/// Reads `bytes` as a zip pack: the pack, or a coded error.
fn read_zip(bytes: &[u8]) -> Result<(), ErrorCode> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pack.zip");
    std::fs::write(&path, bytes).unwrap();
    read_course_pack(&path).map(|_| ()).map_err(|e| e.code())
}

#[test]
fn the_valid_zip_reads() {
    assert_eq!(read_zip(&valid_zip()), Ok(()));
}

/// `bytes` (a zip) with the central directory's uncompressed size of `name` set to `size`.
fn declare_size(mut bytes: Vec<u8>, name: &str, size: u32) -> Vec<u8> {
    let at = (0..bytes.len() - 46)
        .find(|&i| {
            bytes[i..i + 4] == *b"PK\x01\x02" && {
                let len = usize::from(u16::from_le_bytes([bytes[i + 28], bytes[i + 29]]));
                bytes.get(i + 46..i + 46 + len) == Some(name.as_bytes())
            }
        })
        .expect("the entry's directory record");
    bytes[at + 24..at + 28].copy_from_slice(&size.to_le_bytes());
    bytes
}

#[test]
fn an_entry_holding_more_than_it_declares_is_refused() {
    let lying = declare_size(valid_zip(), "units/a.md", 3);
    assert_eq!(read_zip(&lying), Err(ErrorCode::ImportTooLarge));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_bytes_are_a_coded_error(bytes in proptest::collection::vec(any::<u8>(), 0..4096)) {
        prop_assert!(read_zip(&bytes).is_err());
    }

    #[test]
    fn a_mutated_zip_never_panics(
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..16),
        cut in any::<prop::sample::Index>(),
        truncate in any::<bool>(),
    ) {
        let mut bytes = valid_zip();
        for (at, value) in flips {
            let i = at.index(bytes.len());
            bytes[i] = value;
        }
        if truncate {
            bytes.truncate(cut.index(bytes.len()));
        }
        // Ok or any coded error; a panic fails the property.
        let _ = read_zip(&bytes);
    }

    #[test]
    fn content_lists_are_read_once_and_within_limits(
        paths in proptest::collection::vec(0u8..6, 0..40),
    ) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("units")).unwrap();
        for i in 0..6 {
            std::fs::write(dir.path().join(format!("units/{i}.md")), format!("# {i}\n\nText.")).unwrap();
        }
        let list: Vec<String> = paths.iter().map(|i| format!(r#""units/{i}.md""#)).collect();
        let course = COURSE.replace(r#"["units/a.md"]"#, &format!("[{}]", list.join(",")));
        std::fs::write(dir.path().join("course.json"), course).unwrap();
        std::fs::write(dir.path().join("exams.json"), EXAMS).unwrap();
        let unique: std::collections::HashSet<_> = paths.iter().collect();
        match read_course_pack(dir.path()) {
            Ok(pack) => {
                prop_assert_eq!(unique.len(), paths.len());
                prop_assert_eq!(pack.contents.len(), paths.len());
            }
            Err(e) => {
                prop_assert!(unique.len() < paths.len());
                prop_assert_eq!(e.code(), ErrorCode::ImportDuplicatePath);
            }
        }
    }
}
