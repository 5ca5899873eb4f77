//! Adversarial packs and specifications (issue #32): each crafted input is refused
//! quickly with its coded error, in its own process, the import adding less than
//! 300 MB to the peak memory (the library's embedder and LanceDB alone take ~350 MB, so
//! the peak is measured from just before the import), and the library — a course
//! imported before, with the real embedder, LanceDB and SQLite — is as it was: still
//! listed and searchable, nothing written.

#[path = "../../../tests/adversarial/peak_memory.rs"]
mod peak_memory;

mod adversarial {
    use super::peak_memory::{in_own_process, reset_peak};
    use lantern_core::pack::{candidate_dirs, locate_pack, Manifest, PACK_DIR_VARIABLE};
    use lantern_core::retrieval::{Collection, Filter, Retriever};
    use lantern_core::Coded;
    use lantern_rag::{
        import_course_pack, media_root, read_course_pack, read_module_pack, read_spec_file,
        Embedder, EmbedderFiles, LanceRetriever, INDEX_DIR_NAME,
    };
    use lantern_store::Store;
    use std::io::Write;
    use std::path::{Path, PathBuf};
    use std::time::{Duration, Instant};

    /// How long a refusal may take: enough for a debug build to read 8 MiB on a loaded
    /// machine (a refusal took over 5 s beside two builds), far less than the hours the
    /// refused work — embedding every section — would take. Speed itself is measured by
    /// benchmarks, not here.
    const QUICK: Duration = Duration::from_secs(60);
    /// A word only the kept course's text has.
    const RARE: &str = "zanzibarite";

    fn course_json(id: &str, content: &str) -> String {
        format!(
            r#"{{"formatVersion":1,"id":"{id}","title":"{id}","entryUnit":"u1",
            "units":[{{"id":"u1","title":"Unit","anchor":"What {RARE} is","content":[{content}]}}]}}"#
        )
    }

    const EXAMS: &str = r#"{"formatVersion":1,"questions":[]}"#;

    /// A folder pack with `course.json`, `exams.json` and `files`.
    fn folder_pack(dir: &Path, course: &str, files: &[(&str, &[u8])]) -> PathBuf {
        let pack = dir.join("pack");
        std::fs::create_dir_all(pack.join("units")).unwrap();
        std::fs::write(pack.join("course.json"), course).unwrap();
        std::fs::write(pack.join("exams.json"), EXAMS).unwrap();
        for (name, bytes) in files {
            std::fs::write(pack.join(name), bytes).unwrap();
        }
        pack
    }

    struct Library {
        dir: tempfile::TempDir,
        retriever: LanceRetriever,
        store: Store,
    }

    /// What must not change: the catalog, the published generations, the visible rows
    /// and the media files.
    #[derive(Debug, PartialEq)]
    struct Snapshot {
        courses: Vec<(String, String)>,
        generations: Vec<(String, String)>,
        rows: Vec<usize>,
        media: Vec<PathBuf>,
    }

    fn files_under(dir: &Path) -> Vec<PathBuf> {
        let mut found = Vec::new();
        if let Ok(entries) = std::fs::read_dir(dir) {
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    found.extend(files_under(&path));
                } else {
                    found.push(path);
                }
            }
        }
        found.sort();
        found
    }

    impl Library {
        /// A library holding the course `kept`, imported from a folder pack.
        async fn with_a_course() -> Self {
            let dirs = candidate_dirs(std::env::var_os(PACK_DIR_VARIABLE).map(PathBuf::from), &[]);
            let models = locate_pack(&Manifest::bundled(), &dirs, Path::exists)
                .expect("model pack missing: run `python3 models/fetch.py`");
            let dir = tempfile::tempdir().unwrap();
            let embedder = Embedder::load(&EmbedderFiles::in_pack(&models), 1).unwrap();
            let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
            let retriever =
                LanceRetriever::open(embedder, &dir.path().join(INDEX_DIR_NAME), &store)
                    .await
                    .unwrap();
            let source = dir.path().join("kept");
            std::fs::create_dir_all(&source).unwrap();
            let pack = folder_pack(
                &source,
                &course_json("kept", r#""units/a.md""#),
                &[(
                    "units/a.md",
                    format!("# A\n\n{RARE} is a mineral.").as_bytes(),
                )],
            );
            import_course_pack(&pack, &retriever, &store, &mut |_| {})
                .await
                .unwrap();
            Self {
                dir,
                retriever,
                store,
            }
        }

        async fn snapshot(&self) -> Snapshot {
            let mut rows = Vec::new();
            for c in Collection::ALL {
                rows.push(
                    self.retriever
                        .store()
                        .count(c, &Filter::default())
                        .await
                        .unwrap(),
                );
            }
            Snapshot {
                courses: self
                    .store
                    .list_courses()
                    .await
                    .unwrap()
                    .into_iter()
                    .map(|c| (c.id, c.imported_at))
                    .collect(),
                generations: self.store.published_generations().await.unwrap(),
                rows,
                media: files_under(&media_root(&self.dir.path().join(INDEX_DIR_NAME))),
            }
        }

        /// Imports `pack`, which must be refused quickly with `code`, leaving the library
        /// as it was and the kept course searchable.
        async fn refuses(&self, pack: &Path, code: &str) {
            let before = self.snapshot().await;
            reset_peak();
            let started = Instant::now();
            let err = import_course_pack(pack, &self.retriever, &self.store, &mut |_| {})
                .await
                .expect_err("the crafted pack must be refused");
            let took = started.elapsed();
            assert_eq!(err.code(), code, "{err}");
            assert!(took < QUICK, "refused after {took:?}");
            assert_eq!(self.snapshot().await, before, "the library changed");
            let hits = self
                .retriever
                .search(
                    Collection::UnitContentChunks,
                    RARE,
                    &Filter::course("kept"),
                    1,
                )
                .await
                .unwrap();
            assert_eq!(hits.len(), 1, "the kept course is still searchable");
        }
    }

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Runtime::new().unwrap()
    }

    /// A zip of `course.json`, `exams.json` naming one of them, and 100 entries of 64 MiB
    /// of zeros (compressed once, copied raw): ~6.4 GiB declared in a few MB.
    fn zip_bomb(dir: &Path) -> PathBuf {
        let one = dir.join("one.zip");
        let mut writer = zip::ZipWriter::new(std::fs::File::create(&one).unwrap());
        let options = zip::write::SimpleFileOptions::default()
            .compression_level(Some(1))
            .large_file(true);
        writer.start_file("zeros.md", options).unwrap();
        let chunk = vec![0u8; 1 << 20];
        for _ in 0..64 {
            writer.write_all(&chunk).unwrap();
        }
        writer.finish().unwrap();
        let mut source = zip::ZipArchive::new(std::fs::File::open(&one).unwrap()).unwrap();
        let bomb = dir.join("bomb.zip");
        let mut writer = zip::ZipWriter::new(std::fs::File::create(&bomb).unwrap());
        let plain = zip::write::SimpleFileOptions::default();
        writer.start_file("course.json", plain).unwrap();
        writer
            .write_all(course_json("bomb", r#""units/zero-0.md""#).as_bytes())
            .unwrap();
        writer.start_file("exams.json", plain).unwrap();
        writer.write_all(EXAMS.as_bytes()).unwrap();
        for i in 0..100 {
            let entry = source.by_index_raw(0).unwrap();
            writer
                .raw_copy_file_rename(entry, format!("units/zero-{i}.md"))
                .unwrap();
        }
        writer.finish().unwrap();
        bomb
    }

    #[test]
    fn a_zip_bomb_is_refused() {
        in_own_process("adversarial::a_zip_bomb_is_refused", || {
            runtime().block_on(async {
                let library = Library::with_a_course().await;
                let dir = tempfile::tempdir().unwrap();
                let bomb = zip_bomb(dir.path());
                assert!(std::fs::metadata(&bomb).unwrap().len() < 64 << 20);
                library.refuses(&bomb, "import_too_large").await;
            });
        });
    }

    #[test]
    fn a_zip_bomb_read_alone_stays_under_the_limit() {
        in_own_process(
            "adversarial::a_zip_bomb_read_alone_stays_under_the_limit",
            || {
                let dir = tempfile::tempdir().unwrap();
                let bomb = zip_bomb(dir.path());
                let started = Instant::now();
                let err = read_course_pack(&bomb).unwrap_err();
                assert_eq!(err.code(), "import_too_large", "{err}");
                assert!(started.elapsed() < QUICK);
            },
        );
    }

    #[test]
    fn a_pack_naming_one_file_ten_thousand_times_is_refused() {
        in_own_process(
            "adversarial::a_pack_naming_one_file_ten_thousand_times_is_refused",
            || {
                runtime().block_on(async {
                    let library = Library::with_a_course().await;
                    let dir = tempfile::tempdir().unwrap();
                    let names = vec![r#""units/a.md""#; 10_000].join(",");
                    let pack = folder_pack(
                        dir.path(),
                        &course_json("many", &names),
                        &[("units/a.md", &vec![b'a'; 1 << 20])],
                    );
                    library.refuses(&pack, "import_duplicate_path").await;
                });
            },
        );
    }

    #[test]
    fn a_hundred_thousand_units_are_refused() {
        in_own_process("adversarial::a_hundred_thousand_units_are_refused", || {
            runtime().block_on(async {
                let library = Library::with_a_course().await;
                let dir = tempfile::tempdir().unwrap();
                let units: Vec<String> = (0..100_000)
                    .map(|i| format!(r#"{{"id":"u{i}","title":"U","anchor":"a"}}"#))
                    .collect();
                let course = format!(
                    r#"{{"formatVersion":1,"id":"huge","title":"H","entryUnit":"u1","units":[{}]}}"#,
                    units.join(",")
                );
                let pack = folder_pack(dir.path(), &course, &[]);
                library.refuses(&pack, "import_too_many_items").await;
            });
        });
    }

    #[test]
    fn a_sparse_gigabyte_content_file_is_refused_unread() {
        in_own_process(
            "adversarial::a_sparse_gigabyte_content_file_is_refused_unread",
            || {
                runtime().block_on(async {
                    let library = Library::with_a_course().await;
                    let dir = tempfile::tempdir().unwrap();
                    let pack = folder_pack(dir.path(), &course_json("big", r#""units/a.md""#), &[]);
                    let file = std::fs::File::create(pack.join("units/a.md")).unwrap();
                    file.set_len(1 << 30).unwrap();
                    library.refuses(&pack, "import_too_large").await;
                });
            },
        );
    }

    #[test]
    fn a_symlink_to_a_file_outside_the_pack_is_refused() {
        in_own_process(
            "adversarial::a_symlink_to_a_file_outside_the_pack_is_refused",
            || {
                runtime().block_on(async {
                    let library = Library::with_a_course().await;
                    let dir = tempfile::tempdir().unwrap();
                    let secret = dir.path().join("id_rsa");
                    std::fs::write(&secret, "-----BEGIN OPENSSH PRIVATE KEY----- secretword")
                        .unwrap();
                    let pack =
                        folder_pack(dir.path(), &course_json("links", r#""units/a.md""#), &[]);
                    std::os::unix::fs::symlink(&secret, pack.join("units/a.md")).unwrap();
                    library.refuses(&pack, "import_symlink_refused").await;
                    // A linked folder on the way is refused the same.
                    std::fs::remove_file(pack.join("units/a.md")).unwrap();
                    std::fs::remove_dir(pack.join("units")).unwrap();
                    let outside = dir.path().join("outside");
                    std::fs::create_dir(&outside).unwrap();
                    std::fs::write(outside.join("a.md"), "# Outside").unwrap();
                    std::os::unix::fs::symlink(&outside, pack.join("units")).unwrap();
                    library.refuses(&pack, "import_symlink_refused").await;
                });
            },
        );
    }

    #[test]
    fn a_zip_entry_that_is_a_symlink_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("links.zip");
        let mut writer = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
        let plain = zip::write::SimpleFileOptions::default();
        writer.start_file("course.json", plain).unwrap();
        writer
            .write_all(course_json("links", r#""units/a.md""#).as_bytes())
            .unwrap();
        writer.start_file("exams.json", plain).unwrap();
        writer.write_all(EXAMS.as_bytes()).unwrap();
        writer
            .add_symlink("units/a.md", "/home/student/.ssh/id_rsa", plain)
            .unwrap();
        writer.finish().unwrap();
        let err = read_course_pack(&path).unwrap_err();
        assert_eq!(err.code(), "import_symlink_refused", "{err}");
    }

    #[test]
    fn a_zip_with_too_many_entries_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("many.zip");
        let mut writer = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
        let stored = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        for i in 0..=lantern_packs::import_limits::MAX_ZIP_ENTRIES {
            writer.start_file(format!("f{i}"), stored).unwrap();
        }
        writer.finish().unwrap();
        let started = Instant::now();
        let err = read_course_pack(&path).unwrap_err();
        assert_eq!(err.code(), "import_too_many_entries", "{err}");
        assert!(started.elapsed() < QUICK);
    }

    #[test]
    fn a_content_file_of_a_million_sections_is_refused() {
        in_own_process(
            "adversarial::a_content_file_of_a_million_sections_is_refused",
            || {
                // 8 MiB of one-word sections: each would be embedded (hours of work).
                let dir = tempfile::tempdir().unwrap();
                let text = "# h\nx\n".repeat((8 << 20) / 6 - 10);
                let pack = folder_pack(
                    dir.path(),
                    &course_json("sections", r#""units/a.md""#),
                    &[("units/a.md", text.as_bytes())],
                );
                let started = Instant::now();
                let err = read_course_pack(&pack).unwrap_err();
                assert_eq!(
                    (err.code().as_str(), err.file.as_str()),
                    ("import_too_many_items", "units/a.md")
                );
                assert!(started.elapsed() < QUICK);
            },
        );
    }

    #[test]
    fn a_module_media_file_that_is_a_symlink_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/fixtures/modules/habitos-de-estudio");
        let module: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(fixture.join("module.json")).unwrap())
                .unwrap();
        let media = module["media"][0]["file"].as_str().unwrap().to_string();
        let pack = dir.path().join("module");
        std::fs::create_dir_all(pack.join(&media).parent().unwrap()).unwrap();
        std::fs::copy(fixture.join("module.json"), pack.join("module.json")).unwrap();
        let secret = dir.path().join("id_rsa");
        std::fs::write(&secret, "secret").unwrap();
        std::os::unix::fs::symlink(&secret, pack.join(&media)).unwrap();
        let err = read_module_pack(&pack).unwrap_err();
        assert_eq!(
            (err.code().as_str(), err.file.as_str()),
            ("import_symlink_refused", media.as_str())
        );
    }

    #[test]
    fn a_sparse_gigabyte_specification_is_refused_unread() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["spec.pdf", "spec.md"] {
            let path = dir.path().join(name);
            std::fs::File::create(&path)
                .unwrap()
                .set_len(1 << 30)
                .unwrap();
            let started = Instant::now();
            let err = read_spec_file(&path).unwrap_err();
            assert_eq!(err.code(), "import_too_large", "{err}");
            assert!(started.elapsed() < QUICK);
        }
    }
}
