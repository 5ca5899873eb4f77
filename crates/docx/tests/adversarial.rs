//! Adversarial report files (issue #32): a Word bomb, sparse gigabyte files, pictures
//! that are links or too large, and random or mutated documents — each refused quickly
//! with its coded error, the measured cases in their own process under 300 MB.

#[path = "../../../tests/adversarial/peak_memory.rs"]
mod peak_memory;

mod adversarial {
    use super::peak_memory::in_own_process;
    use lantern_core::Coded;
    use lantern_docx::{copy_report_images, export_docx, import_docx, read_report_file};
    use lantern_reports::import_markdown;
    use proptest::prelude::*;
    use std::io::{Cursor, Write};
    use std::path::Path;
    use std::time::{Duration, Instant};

    /// How long a refusal may take: enough for a debug build on a loaded machine, far
    /// less than reading the crafted file whole would take. Speed itself is measured by
    /// benchmarks, not here.
    const QUICK: Duration = Duration::from_secs(60);

    /// `path` must be refused quickly with `code`.
    fn refused(path: &Path, code: &str) {
        let started = Instant::now();
        let err = read_report_file(path).expect_err("the crafted report must be refused");
        assert_eq!(err.code(), code, "{err}");
        assert!(
            started.elapsed() < QUICK,
            "refused after {:?}",
            started.elapsed()
        );
    }

    /// A real Word document, with `part` (name, bytes) in place of its own or added.
    fn docx_with(part: Option<(&str, &[u8])>) -> Vec<u8> {
        let report = import_markdown("# Survey\n\n## Roof\n\nOld.", "r").unwrap();
        let plain = export_docx(&report).unwrap();
        let mut source = zip::ZipArchive::new(Cursor::new(plain)).unwrap();
        let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for i in 0..source.len() {
            let entry = source.by_index_raw(i).unwrap();
            if part.is_none_or(|(name, _)| name != entry.name()) {
                out.raw_copy_file(entry).unwrap();
            }
        }
        if let Some((name, bytes)) = part {
            let options = zip::write::SimpleFileOptions::default().compression_level(Some(1));
            out.start_file(name, options).unwrap();
            out.write_all(bytes).unwrap();
        }
        out.finish().unwrap().into_inner()
    }

    #[test]
    fn a_word_bomb_is_refused_before_docx_rs_reads_it() {
        in_own_process(
            "adversarial::a_word_bomb_is_refused_before_docx_rs_reads_it",
            || {
                let dir = tempfile::tempdir().unwrap();
                let path = dir.path().join("bomb.docx");
                // 48 MiB of empty paragraphs: docx-rs would build millions of them.
                let body = b"<w:p/>".repeat(8 << 20);
                let document = [
                    &br#"<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>"#[..],
                    &body,
                    b"</w:body></w:document>",
                ]
                .concat();
                std::fs::write(&path, docx_with(Some(("word/document.xml", &document)))).unwrap();
                drop((body, document));
                assert!(std::fs::metadata(&path).unwrap().len() < 4 << 20);
                refused(&path, "import_compression_ratio");
            },
        );
    }

    #[test]
    fn eight_mib_of_small_varied_paragraphs_are_refused() {
        in_own_process(
            "adversarial::eight_mib_of_small_varied_paragraphs_are_refused",
            || {
                // Varied enough to pass the compression ratio; docx-rs took ~900 MB for it.
                let mut body = Vec::new();
                let mut x: u32 = 1;
                while body.len() < (8 << 20) - 200 {
                    x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                    let c = |n: u32| char::from(b'a' + (n % 26) as u8);
                    let p = format!(
                        "<w:p><w:r><w:t>{}{}{}</w:t></w:r></w:p>",
                        c(x >> 8),
                        c(x >> 16),
                        c(x >> 24)
                    );
                    body.extend_from_slice(p.as_bytes());
                }
                let document = [
                    &br#"<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>"#[..],
                    &body,
                    b"</w:body></w:document>",
                ]
                .concat();
                let dir = tempfile::tempdir().unwrap();
                let path = dir.path().join("paragraphs.docx");
                std::fs::write(&path, docx_with(Some(("word/document.xml", &document)))).unwrap();
                drop((body, document));
                refused(&path, "import_too_many_items");
            },
        );
    }

    #[test]
    fn a_sparse_gigabyte_markdown_report_is_refused_unread() {
        in_own_process(
            "adversarial::a_sparse_gigabyte_markdown_report_is_refused_unread",
            || {
                let dir = tempfile::tempdir().unwrap();
                for name in ["report.md", "report.txt", "report.docx"] {
                    let path = dir.path().join(name);
                    std::fs::File::create(&path)
                        .unwrap()
                        .set_len(1 << 30)
                        .unwrap();
                    refused(&path, "import_too_large");
                }
            },
        );
    }

    #[test]
    fn a_picture_linked_to_a_file_outside_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let secret = dir.path().join("id_rsa");
        std::fs::write(&secret, "-----BEGIN OPENSSH PRIVATE KEY-----").unwrap();
        let folder = dir.path().join("report");
        std::fs::create_dir_all(&folder).unwrap();
        std::os::unix::fs::symlink(&secret, folder.join("key.png")).unwrap();
        let source = folder.join("report.md");
        std::fs::write(&source, "# R\n\n![key](key.png)").unwrap();
        refused(&source, "import_symlink_refused");
        // Copying checks again: nothing leaves through the link.
        let report = import_markdown("# R\n\n![key](key.png)", "r").unwrap();
        let target = dir.path().join("media");
        assert_eq!(copy_report_images(&report, &source, &target), 0);
        assert!(!target.join("key.png").exists());
    }

    #[test]
    fn a_picture_in_a_linked_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let outside = dir.path().join("outside");
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(outside.join("a.png"), b"png").unwrap();
        let folder = dir.path().join("report");
        std::fs::create_dir_all(&folder).unwrap();
        std::os::unix::fs::symlink(&outside, folder.join("img")).unwrap();
        let source = folder.join("report.md");
        std::fs::write(&source, "# R\n\n![a](img/a.png)").unwrap();
        refused(&source, "import_symlink_refused");
    }

    #[test]
    fn a_sparse_gigabyte_picture_is_refused_unread() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::File::create(dir.path().join("big.png"))
            .unwrap()
            .set_len(1 << 30)
            .unwrap();
        let source = dir.path().join("report.md");
        std::fs::write(&source, "# R\n\n![big](big.png)").unwrap();
        refused(&source, "import_too_large");
    }

    #[test]
    fn more_headings_than_the_limit_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("report.md");
        std::fs::write(&source, "## s\n".repeat(100_000)).unwrap();
        refused(&source, "import_too_many_items");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn random_bytes_are_never_a_panic(bytes in proptest::collection::vec(any::<u8>(), 0..4096)) {
            prop_assert!(import_docx(&bytes, "r").is_err());
        }

        #[test]
        fn a_mutated_document_is_read_or_a_coded_error(
            flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..16),
        ) {
            let mut bytes = docx_with(None);
            for (at, value) in flips {
                let i = at.index(bytes.len());
                bytes[i] = value;
            }
            if let Err(e) = import_docx(&bytes, "r") {
                prop_assert!(lantern_core::error::is_well_formed_code(e.code().as_str()));
            }
        }
    }
}
