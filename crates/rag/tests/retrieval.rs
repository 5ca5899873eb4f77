//! Real embedder (model pack) and real LanceDB in a temporary folder.

use lantern_core::pack::{candidate_dirs, locate_pack, Manifest, PACK_DIR_VARIABLE};
use lantern_core::Coded;
use lantern_rag::{Embedder, EmbedderFiles, Passage, VectorStore, EMBEDDING_DIMENSIONS};
use std::path::{Path, PathBuf};

fn pack_dir() -> PathBuf {
    let dirs = candidate_dirs(std::env::var_os(PACK_DIR_VARIABLE).map(PathBuf::from), &[]);
    locate_pack(&Manifest::bundled(), &dirs, Path::exists)
        .expect("model pack missing: run `python3 models/fetch.py` (the README's commands do)")
}

fn files() -> EmbedderFiles {
    EmbedderFiles::in_pack(&pack_dir())
}

fn passage(id: &str, text: &str) -> Passage {
    Passage {
        id: id.into(),
        source: format!("notes/{id}.md"),
        text: text.into(),
    }
}

#[tokio::test]
async fn relevant_passage_ranks_first_and_sources_can_be_deleted() {
    let mut embedder = Embedder::load(&files(), 2).expect("run `python3 models/fetch.py` first");
    let passages = [
        passage(
            "quadratics",
            "To solve a quadratic equation, factorise it or use the quadratic formula.",
        ),
        passage(
            "photosynthesis",
            "Plants turn sunlight, water and carbon dioxide into glucose.",
        ),
        passage(
            "rome",
            "The Roman Empire was ruled by emperors after Augustus.",
        ),
    ];
    let texts: Vec<&str> = passages.iter().map(|p| p.text.as_str()).collect();
    let vectors = embedder.embed(&texts).unwrap();
    assert!(vectors.iter().all(|v| v.len() == EMBEDDING_DIMENSIONS));

    let dir = tempfile::tempdir().unwrap();
    let store = VectorStore::open(&dir.path().join("lance")).await.unwrap();
    store
        .add("unit_content_chunks", &passages, vectors)
        .await
        .unwrap();

    let query = embedder
        .embed(&["how do I find the roots of x^2 - 5x + 6 = 0"])
        .unwrap();
    let hits = store
        .search("unit_content_chunks", &query[0], 3)
        .await
        .unwrap();
    assert_eq!(hits[0].passage.id, "quadratics");
    assert!(hits[0].distance < hits[1].distance);

    store
        .delete_source("unit_content_chunks", "notes/quadratics.md")
        .await
        .unwrap();
    assert_eq!(store.count("unit_content_chunks").await.unwrap(), 2);
}

#[test]
fn missing_runtime_library_is_a_coded_error() {
    let mut bad = files();
    bad.runtime_library = PathBuf::from("/nonexistent/libonnxruntime.so");
    let err = Embedder::load(&bad, 1).err().expect("must fail");
    assert_eq!(err.code(), "embedder_runtime_missing");
}

#[test]
fn missing_model_file_is_a_coded_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut bad = files();
    bad.model_dir = dir.path().to_path_buf();
    let err = Embedder::load(&bad, 1).err().expect("must fail");
    assert_eq!(err.code(), "embedder_model_missing");
}
