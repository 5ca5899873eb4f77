//! Course commands: `course import`, `course list`, and `search`.

use super::{open_store, runtime};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::Args;
use lantern_core::retrieval::{Collection, Filter, Hit, Record, Retriever, Tier};
use lantern_core::ErrorCode;
use lantern_packs::course::{ImportProgress, ImportStage};
use lantern_rag::{import_course_pack, Embedder, EmbedderFiles, LanceRetriever, VectorStore};
use lantern_store::Store;
use std::io::Write;
use std::path::Path;

/// Threads the embedder uses in the command line.
pub(super) const EMBED_THREADS: usize = 2;

/// The pack's embedder over the data folder's index, seeing what `store` published.
pub(super) fn open_retriever(
    locations: &Locations,
    store: &Store,
    rt: &tokio::runtime::Runtime,
) -> Result<LanceRetriever, CliError> {
    let embedder = Embedder::load(&EmbedderFiles::in_pack(&locations.pack()?), EMBED_THREADS)?;
    Ok(rt.block_on(LanceRetriever::open(
        embedder,
        &locations.index_dir(),
        store,
    ))?)
}

/// Prints an import's progress on one line of stderr, counting `what` ("documents").
pub(super) fn print_import_progress(progress: ImportProgress, what: &str) {
    let stage = match progress.stage {
        ImportStage::Indexing => "indexing",
        ImportStage::Saving => "saving",
        ImportStage::Done => "done",
    };
    let mut err = std::io::stderr();
    let _ = write!(
        err,
        "\r{stage:<9} {}/{} {what}",
        progress.done, progress.total
    );
    if progress.stage == ImportStage::Done {
        let _ = writeln!(err);
    }
}

/// `lantern course import PATH`
pub fn import(locations: &Locations, path: &Path) -> Result<(), CliError> {
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    let retriever = open_retriever(locations, &store, &rt)?;
    let summary = rt.block_on(import_course_pack(path, &retriever, &store, &mut |p| {
        print_import_progress(p, "documents")
    }))?;
    outln!(
        "imported {}: {} units, {} questions",
        summary.course_id,
        summary.units,
        summary.questions
    );
    for (collection, count) in summary.documents {
        outln!("  {:<22} {count} documents", collection.name());
    }
    Ok(())
}

/// `lantern course list [--json]`: each course with what the index holds of it (the
/// searchable documents per collection, from its published generation).
pub fn list(locations: &Locations, json: bool) -> Result<(), CliError> {
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    let index = rt.block_on(VectorStore::open_published(&locations.index_dir(), &store))?;
    let mut listed = Vec::new();
    for c in rt.block_on(store.list_courses())? {
        let mut documents = serde_json::Map::new();
        for collection in Collection::ALL {
            let n = rt.block_on(index.count(collection, &Filter::course(&c.id)))?;
            if n > 0 {
                documents.insert(collection.name().to_string(), n.into());
            }
        }
        let total: u64 = documents.values().filter_map(|n| n.as_u64()).sum();
        if !json {
            outln!(
                "{}\t{}\t{} units\t{} questions\t{total} documents\t{}",
                c.id,
                c.title,
                c.units,
                c.questions,
                c.imported_at
            );
        }
        listed.push(serde_json::json!({
            "id": c.id,
            "title": c.title,
            "units": c.units,
            "questions": c.questions,
            "importedAt": c.imported_at,
            "generation": index.published(&c.id),
            "documents": documents,
        }));
    }
    if json {
        outln!("{}", serde_json::Value::Array(listed));
    }
    Ok(())
}

/// Options of `lantern search`.
#[derive(Debug, Clone, Args)]
pub struct SearchOptions {
    /// Course id to search in.
    #[arg(long)]
    pub course: String,
    /// Collections, comma-separated: unit_anchors, unit_content_chunks, exam_candidates,
    /// exam_support_chunks.
    #[arg(long, value_delimiter = ',', default_value = "unit_content_chunks")]
    pub collection: Vec<String>,
    /// Only these units (comma-separated ids).
    #[arg(long, value_delimiter = ',')]
    pub units: Vec<String>,
    /// Only questions of this tier: bronze, silver or gold.
    #[arg(long)]
    pub tier: Option<String>,
    /// Number of results.
    #[arg(long, default_value_t = 8)]
    pub top_k: usize,
    /// Print the hits as JSON lines (`collection`, `id`, `score`, `record`).
    #[arg(long)]
    pub json: bool,
    /// What to look for.
    pub query: String,
}

impl SearchOptions {
    fn filter(&self) -> Result<Filter, CliError> {
        let mut filter = Filter::course(&self.course);
        if !self.units.is_empty() {
            filter = filter.in_units(self.units.clone());
        }
        if let Some(tier) = &self.tier {
            let tier = Tier::parse(tier).ok_or_else(|| {
                CliError::new(
                    ErrorCode::UsageInvalid,
                    format!("unknown tier `{tier}` (bronze, silver, gold)"),
                )
            })?;
            filter = filter.tier(tier);
        }
        Ok(filter)
    }
}

fn collection_named(name: &str) -> Result<Collection, CliError> {
    Collection::from_name(name).ok_or_else(|| {
        let names: Vec<_> = Collection::ALL.iter().map(|c| c.name()).collect();
        CliError::new(
            ErrorCode::UsageInvalid,
            format!("unknown collection `{name}` ({})", names.join(", ")),
        )
    })
}

/// `lantern search --course ID [--collection A,B] [--json] "query"`
pub fn search(locations: &Locations, options: &SearchOptions) -> Result<(), CliError> {
    let collections = options
        .collection
        .iter()
        .map(|name| collection_named(name))
        .collect::<Result<Vec<_>, _>>()?;
    let filter = options.filter()?;
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    let retriever = open_retriever(locations, &store, &rt)?;
    for collection in collections {
        let hits =
            rt.block_on(retriever.search(collection, &options.query, &filter, options.top_k))?;
        if options.json {
            for hit in hits {
                let line = serde_json::json!({
                    "collection": collection.name(),
                    "id": hit.id,
                    "score": hit.score,
                    "record": hit.record,
                });
                outln!("{line}");
            }
            continue;
        }
        if hits.is_empty() {
            outln!(
                "{}: no results (is the course imported? `lantern course list`)",
                collection.name()
            );
        }
        for hit in hits {
            print_hit(hit);
        }
    }
    Ok(())
}

fn print_hit(hit: Hit) {
    match hit.record {
        Record::Chunk(c) => outln!(
            "{:.3}  {}  {} · {} · {}\n       {}",
            hit.score,
            c.unit_id,
            c.chunk_type.as_str(),
            c.source_id,
            c.section,
            c.text
                .chars()
                .take(160)
                .collect::<String>()
                .replace('\n', " ")
        ),
        Record::Candidate(c) => outln!(
            "{:.3}  {}  {} · units {} · tags {}",
            hit.score,
            c.question_id,
            c.difficulty_tier.as_str(),
            c.unit_ids.join(","),
            c.tags.join(",")
        ),
    }
}
