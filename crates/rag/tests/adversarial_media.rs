//! A course pack whose id is `reports` or `modules` (issue #32, item 3): its media go to
//! `media/courses/<id>/`, so importing it removes nothing of the report pictures in
//! `media/reports/` or the module media in `media/modules/`; an id that is not a pack id
//! is refused with `pack_invalid_field` naming `id`. Real embedder, LanceDB and SQLite.

use lantern_core::pack::{candidate_dirs, locate_pack, Manifest, PACK_DIR_VARIABLE};
use lantern_core::{Coded, ErrorCode};
use lantern_rag::{
    import_course_pack, media_root, Embedder, EmbedderFiles, LanceRetriever, INDEX_DIR_NAME,
};
use lantern_store::Store;
use std::path::{Path, PathBuf};

fn pack_dir() -> PathBuf {
    let dirs = candidate_dirs(std::env::var_os(PACK_DIR_VARIABLE).map(PathBuf::from), &[]);
    locate_pack(&Manifest::bundled(), &dirs, Path::exists)
        .expect("model pack missing: run `python3 models/fetch.py` (the README's commands do)")
}

fn fixture_pack() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/packs/one-step-equations")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The fixture pack (it has a question video) with its course id set to `id`.
fn pack_with_id(dir: &Path, id: &str) -> PathBuf {
    let hex: String = id.bytes().map(|b| format!("{b:02x}")).collect();
    let pack = dir.join(format!("pack-{hex}"));
    copy_dir(&fixture_pack(), &pack);
    let manifest = pack.join("course.json");
    let mut course: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
    course["id"] = serde_json::Value::String(id.into());
    std::fs::write(&manifest, course.to_string()).unwrap();
    pack
}

fn write(path: &Path) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, b"kept").unwrap();
}

/// An empty library in a temporary folder: SQLite, LanceDB and the pack's embedder.
struct Library {
    dir: tempfile::TempDir,
    index: PathBuf,
    store: Store,
    retriever: LanceRetriever,
}

async fn library() -> Library {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join(INDEX_DIR_NAME);
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let embedder = Embedder::load(&EmbedderFiles::in_pack(&pack_dir()), 2).unwrap();
    let retriever = LanceRetriever::open(embedder, &index, &store)
        .await
        .unwrap();
    Library {
        dir,
        index,
        store,
        retriever,
    }
}

#[tokio::test]
async fn courses_named_reports_or_modules_delete_nothing_else() {
    let Library {
        dir,
        index,
        store,
        retriever,
    } = library().await;
    let media = media_root(&index);
    let report_picture = media.join("reports/7/figure-1.png");
    let module_picture = media.join("modules/module-study-skills/g1/map.png");
    write(&report_picture);
    write(&module_picture);
    for id in ["reports", "modules"] {
        let pack = pack_with_id(dir.path(), id);
        import_course_pack(&pack, &retriever, &store, &mut |_| {})
            .await
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let course_media = media.join("courses").join(id);
        let generations: Vec<_> = std::fs::read_dir(&course_media)
            .unwrap()
            .flatten()
            .collect();
        assert_eq!(generations.len(), 1, "{id}: one published generation");
        assert!(generations[0]
            .path()
            .join("videos/OSE-01-B2.webm")
            .is_file());
    }
    assert!(report_picture.is_file(), "a report's picture was removed");
    assert!(module_picture.is_file(), "a module's media was removed");
}

#[tokio::test]
async fn ids_that_are_not_pack_ids_are_refused_before_anything_is_written() {
    let Library {
        dir,
        index,
        store,
        retriever,
    } = library().await;
    for id in ["../reports", "reports/7", ".", "..", "a b", ".hidden"] {
        let pack = pack_with_id(dir.path(), id);
        let err = import_course_pack(&pack, &retriever, &store, &mut |_| {})
            .await
            .unwrap_err();
        assert_eq!(err.code(), ErrorCode::PackInvalidField, "{id}");
        assert!(err.to_string().contains("id"), "{id}: {err}");
        std::fs::remove_dir_all(pack).unwrap();
    }
    assert!(!media_root(&index).exists(), "nothing was written");
    assert!(store.list_courses().await.unwrap().is_empty());
}
