//! Real embedder (model pack), real LanceDB and real SQLite in a temporary folder, with
//! the sample course pack of the repository.

use lantern_core::pack::{candidate_dirs, locate_pack, Manifest, PACK_DIR_VARIABLE};
use lantern_core::retrieval::{
    search_candidates, search_chunks, Collection, Document, Filter, Record, Retriever, Tier,
};
use lantern_core::Coded;
use lantern_packs::course::{import_course, PackErrorKind};
use lantern_rag::{
    import_course_pack, pack_encoder, read_course_pack, Embedder, EmbedderFiles, LanceRetriever,
    EMBEDDING_DIMENSIONS, INDEX_DIR_NAME,
};
use lantern_store::Store;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn pack_dir() -> PathBuf {
    let dirs = candidate_dirs(std::env::var_os(PACK_DIR_VARIABLE).map(PathBuf::from), &[]);
    locate_pack(&Manifest::bundled(), &dirs, Path::exists)
        .expect("model pack missing: run `python3 models/fetch.py` (the README's commands do)")
}

fn files() -> EmbedderFiles {
    EmbedderFiles::in_pack(&pack_dir())
}

fn sample_course() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../courses/grade10-algebra")
}

struct Fixture {
    _dir: tempfile::TempDir,
    retriever: LanceRetriever,
    store: Store,
}

async fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let embedder = Embedder::load(&files(), 2).expect("embedder from the model pack");
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let retriever = LanceRetriever::open(embedder, &dir.path().join(INDEX_DIR_NAME), &store)
        .await
        .unwrap();
    Fixture {
        _dir: dir,
        retriever,
        store,
    }
}

/// A data folder holding the sample course imported once (generation "g1"), for every
/// test to copy: an import embeds the whole course, the slowest step of these tests.
fn imported_once() -> &'static Path {
    static FOLDER: OnceLock<tempfile::TempDir> = OnceLock::new();
    FOLDER
        .get_or_init(|| {
            // Its own thread and runtime: the test asking first runs inside its own.
            std::thread::spawn(|| {
                let runtime = tokio::runtime::Runtime::new().unwrap();
                runtime.block_on(async {
                    let Fixture {
                        _dir,
                        retriever,
                        store,
                    } = fixture().await;
                    let pack =
                        read_course_pack(&sample_course()).expect("the sample course is valid");
                    import_course(&pack, "g1", &retriever, &store, &mut |_| {})
                        .await
                        .unwrap();
                    drop(retriever);
                    store.close().await;
                    _dir
                })
            })
            .join()
            .unwrap()
        })
        .path()
}

/// A fresh copy of the folder with the sample course imported (generation "g1").
async fn imported() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(imported_once(), dir.path());
    let embedder = Embedder::load(&files(), 2).expect("embedder from the model pack");
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let retriever = LanceRetriever::open(embedder, &dir.path().join(INDEX_DIR_NAME), &store)
        .await
        .unwrap();
    Fixture {
        _dir: dir,
        retriever,
        store,
    }
}

#[test]
fn embeddings_have_the_model_width() {
    let mut embedder = Embedder::load(&files(), 1).unwrap();
    let vectors = embedder.embed(&["a", "b c"]).unwrap();
    assert!(vectors.iter().all(|v| v.len() == EMBEDDING_DIMENSIONS));
}

#[tokio::test]
async fn the_sentence_that_answers_is_closest_in_meaning() {
    let f = fixture().await;
    let texts: Vec<String> = [
        "Photosynthesis makes sugar from light, water and carbon dioxide.",
        "The crisis ended with a deal: both sides removed their missiles.",
        "Plants lose water through small pores in their leaves.",
    ]
    .map(String::from)
    .to_vec();
    let similarity = f
        .retriever
        .similarities("how did the crisis end", &texts)
        .await
        .unwrap();
    assert_eq!(similarity.len(), texts.len());
    assert!(
        similarity[1] > similarity[0] && similarity[1] > similarity[2],
        "{similarity:?}"
    );
    assert!(similarity.iter().all(|s| (-1.0..=1.0001).contains(s)));
    // The sentences' vectors are kept: asked again, the answer is the same.
    let again = f
        .retriever
        .similarities("how did the crisis end", &texts)
        .await
        .unwrap();
    assert_eq!(again, similarity);
}

#[tokio::test]
async fn similarities_read_at_most_their_cap_of_texts() {
    let f = fixture().await;
    let texts = vec!["A short sentence about cells.".to_string(); 201];
    let similarity = f.retriever.similarities("cells", &texts).await.unwrap();
    assert_eq!(similarity.len(), 200);
    assert!(f
        .retriever
        .similarities("cells", &[])
        .await
        .unwrap()
        .is_empty());
}

#[tokio::test]
async fn each_units_own_material_ranks_first_for_its_anchor() {
    let f = imported().await;
    let pack = read_course_pack(&sample_course()).unwrap();
    let course = Filter::course(&pack.course.id);
    let mut misses = Vec::new();
    for unit in &pack.course.units {
        let hits = search_chunks(
            &f.retriever,
            Collection::UnitContentChunks,
            &unit.anchor,
            &course,
            3,
        )
        .await
        .unwrap();
        if hits.first().map(|(c, _)| c.unit_id.as_str()) != Some(unit.id.as_str()) {
            misses.push(unit.id.clone());
        }
        assert!(hits.windows(2).all(|w| w[0].1 >= w[1].1), "best first");
    }
    // A small embedder may confuse two neighbouring units; most must be right.
    assert!(
        misses.len() * 4 <= pack.course.units.len(),
        "wrong first hit for {misses:?}"
    );
}

#[tokio::test]
async fn student_questions_find_the_right_topic() {
    let f = imported().await;
    let pack = read_course_pack(&sample_course()).unwrap();
    let course = Filter::course(&pack.course.id);
    for (query, topic) in [
        (
            "how do I find x when x squared minus 5x plus 6 equals zero",
            "quadratic",
        ),
        (
            "what happens to the inequality sign when I multiply by a negative number",
            "inequalit",
        ),
        (
            "what is 2 to the power 3 times 2 to the power 4",
            "exponent",
        ),
    ] {
        let hits = f
            .retriever
            .search(Collection::UnitAnchors, query, &course, 1)
            .await
            .unwrap();
        let Record::Chunk(anchor) = &hits[0].record else {
            panic!("anchor chunk expected")
        };
        assert!(
            anchor.text.to_lowercase().contains(topic),
            "{query:?} found {:?}",
            anchor.section
        );
    }
}

#[tokio::test]
async fn filters_keep_results_inside_the_scope() {
    let f = imported().await;
    let pack = read_course_pack(&sample_course()).unwrap();
    let first = pack.course.units[0].id.clone();
    let scoped = Filter::course(&pack.course.id).in_units([first.clone()]);
    let hits = search_chunks(
        &f.retriever,
        Collection::UnitContentChunks,
        "solve the equation",
        &scoped,
        8,
    )
    .await
    .unwrap();
    assert!(!hits.is_empty());
    assert!(hits.iter().all(|(c, _)| c.unit_id == first));

    let gold = Filter::course(&pack.course.id).tier(Tier::Gold);
    let candidates = search_candidates(&f.retriever, "factorise", &gold, 8)
        .await
        .unwrap();
    assert!(!candidates.is_empty());
    assert!(candidates
        .iter()
        .all(|(c, _)| c.difficulty_tier == Tier::Gold));

    let other_course = Filter::course("no-such-course");
    let none = f
        .retriever
        .search(Collection::UnitAnchors, "equations", &other_course, 8)
        .await
        .unwrap();
    assert!(none.is_empty());
}

#[tokio::test]
async fn reimport_replaces_and_never_duplicates() {
    let f = imported().await;
    let before = counts(&f).await;
    let pack = read_course_pack(&sample_course()).unwrap();
    import_course(&pack, "g2", &f.retriever, &f.store, &mut |_| {})
        .await
        .unwrap();
    assert_eq!(counts(&f).await, before);
    for collection in Collection::ALL {
        let all = f.retriever.store().count_all(collection).await.unwrap();
        let seen = f
            .retriever
            .store()
            .count(collection, &Filter::default())
            .await
            .unwrap();
        assert_eq!(
            all,
            seen,
            "{}: the old generation was retired",
            collection.name()
        );
    }
    let courses = f.store.list_courses().await.unwrap();
    assert_eq!(courses.len(), 1);
    assert_eq!(courses[0].questions as usize, pack.exams.questions.len());
}

#[tokio::test]
async fn keyword_search_finds_the_passage_naming_a_rare_word() {
    let f = fixture().await;
    let summary = import_course_pack(&sample_course(), &f.retriever, &f.store, &mut |_| {})
        .await
        .unwrap();
    let course = Filter::course(&summary.course_id);
    let vector = f.retriever.embed(&["discriminant"]).unwrap().remove(0);
    let by_words = f
        .retriever
        .store()
        .search_text(
            Collection::UnitContentChunks,
            "discriminant",
            &vector,
            &course,
            5,
        )
        .await
        .unwrap();
    assert!(!by_words.is_empty(), "the full-text index answers");
    for hit in &by_words {
        let Record::Chunk(chunk) = &hit.record else {
            panic!("chunk expected")
        };
        assert!(chunk.text.to_lowercase().contains("discriminant"));
        assert!((0.0..=1.0).contains(&hit.score));
    }
    let hybrid = search_chunks(
        &f.retriever,
        Collection::UnitContentChunks,
        "what does the discriminant tell me",
        &course,
        3,
    )
    .await
    .unwrap();
    assert_eq!(hybrid[0].0.unit_id, "ALG-06");
}

async fn counts(f: &Fixture) -> Vec<usize> {
    let mut n = Vec::new();
    for c in Collection::ALL {
        n.push(
            f.retriever
                .store()
                .count(c, &Filter::default())
                .await
                .unwrap(),
        );
    }
    n
}

/// A copy of the sample course with `course.json` changed by `edit`.
fn broken_copy(dir: &Path, edit: impl Fn(&mut serde_json::Value)) -> PathBuf {
    let copy = dir.join("pack");
    copy_dir(&sample_course(), &copy);
    let path = copy.join("course.json");
    let mut course: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    edit(&mut course);
    std::fs::write(&path, serde_json::to_string_pretty(&course).unwrap()).unwrap();
    copy
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn malformed_packs_give_the_documented_errors() {
    let dir = tempfile::tempdir().unwrap();
    let cycle = broken_copy(dir.path(), |c| {
        let units = c["units"].as_array().unwrap();
        let (a, b) = (units[0]["id"].clone(), units[1]["id"].clone());
        let edges = c["prerequisites"].as_array_mut().unwrap();
        edges.push(serde_json::json!({"from": a, "to": b}));
        edges.push(serde_json::json!({"from": b, "to": a}));
    });
    let err = read_course_pack(&cycle).unwrap_err();
    assert_eq!(
        (err.kind, err.code().as_str()),
        (PackErrorKind::Cycle, "pack_cycle")
    );

    std::fs::remove_dir_all(&cycle).unwrap();
    let missing = broken_copy(dir.path(), |c| {
        c["units"][0]["content"] = serde_json::json!(["units/not-there.md"]);
    });
    let err = read_course_pack(&missing).unwrap_err();
    assert_eq!(
        (err.code().as_str(), err.file.as_str()),
        ("pack_missing_file", "units/not-there.md")
    );

    std::fs::remove_dir_all(&missing).unwrap();
    let unknown = broken_copy(dir.path(), |c| c["entryUnit"] = serde_json::json!("NOPE"));
    let err = read_course_pack(&unknown).unwrap_err();
    assert_eq!(
        (err.code().as_str(), err.field.as_deref()),
        ("pack_unknown_unit", Some("entryUnit"))
    );
}

#[test]
fn a_zipped_pack_reads_like_the_folder() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let zip_path = dir.path().join("course.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
    let root = sample_course();
    let mut stack = vec![root.clone()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let name = format!(
                    "grade10/{}",
                    path.strip_prefix(&root).unwrap().to_string_lossy()
                );
                zip.start_file(name, zip::write::SimpleFileOptions::default())
                    .unwrap();
                zip.write_all(&std::fs::read(&path).unwrap()).unwrap();
            }
        }
    }
    zip.finish().unwrap();
    let from_zip = read_course_pack(&zip_path).unwrap();
    let from_folder = read_course_pack(&root).unwrap();
    assert_eq!(from_zip, from_folder);
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

#[tokio::test]
async fn an_interrupted_import_stays_invisible_and_is_swept_by_the_next_import() {
    let f = imported().await;
    let before = counts(&f).await;
    let course = Filter::course("grade10-algebra");
    // What a killed re-import leaves: rows of a generation the catalog never published.
    let hits = f
        .retriever
        .search(Collection::UnitContentChunks, "factorise", &course, 4)
        .await
        .unwrap();
    let orphans: Vec<Document> = hits
        .into_iter()
        .map(|hit| Document {
            id: hit.id,
            source: "grade10-algebra".into(),
            text: "factorise trinomials orphan".into(),
            record: hit.record,
        })
        .collect();
    f.retriever
        .add(Collection::UnitContentChunks, "killed", &orphans)
        .await
        .unwrap();
    assert_eq!(
        counts(&f).await,
        before,
        "unpublished rows are never searched"
    );

    let store = f.retriever.store();
    let all = store
        .count_all(Collection::UnitContentChunks)
        .await
        .unwrap();
    assert_eq!(all, before[1] + orphans.len());
    import_course_pack(&sample_course(), &f.retriever, &f.store, &mut |_| {})
        .await
        .unwrap();
    let swept = store
        .count_all(Collection::UnitContentChunks)
        .await
        .unwrap();
    assert_eq!(swept, before[1], "the orphans were swept away");
    assert_eq!(counts(&f).await, before);
}

#[tokio::test]
async fn across_languages_the_pack_encoder_finds_the_translation_and_keeps_its_vectors() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let embedder = Embedder::load(&files(), 2).expect("embedder from the model pack");
    assert!(
        pack_encoder(&pack_dir(), 2).is_some(),
        "the pack's sentence encoder"
    );
    let retriever = LanceRetriever::open(embedder, &dir.path().join(INDEX_DIR_NAME), &store)
        .await
        .unwrap()
        .with_pack_encoder(&pack_dir(), 2);
    let texts = vec![
        "Plan the week on Sunday evening.".to_string(),
        "Leave your phone in another room while you study.".to_string(),
    ];
    let message = "el móvil me distrae todo el rato";
    let closeness = retriever
        .closeness_across_languages(message, &texts)
        .await
        .unwrap();
    assert!(closeness[1] > closeness[0], "{closeness:?}");
    let again = retriever
        .closeness_across_languages(message, &texts)
        .await
        .unwrap();
    assert_eq!(again, closeness);
}

#[tokio::test]
async fn without_an_encoder_closeness_across_languages_is_the_embedders() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let embedder = Embedder::load(&files(), 2).expect("embedder from the model pack");
    let pack_without_encoder = tempfile::tempdir().unwrap();
    let retriever = LanceRetriever::open(embedder, &dir.path().join(INDEX_DIR_NAME), &store)
        .await
        .unwrap()
        .with_pack_encoder(pack_without_encoder.path(), 1);
    let texts = vec!["Sleep helps memory.".to_string()];
    let across = retriever
        .closeness_across_languages("why sleep", &texts)
        .await
        .unwrap();
    let same = retriever.similarities("why sleep", &texts).await.unwrap();
    assert_eq!(across, same);
}

#[test]
fn a_pack_without_the_encoder_gives_none() {
    let dir = tempfile::tempdir().unwrap();
    assert!(pack_encoder(dir.path(), 1).is_none());
}
