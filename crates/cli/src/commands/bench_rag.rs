//! `lantern bench rag`: ingestion rate and filtered query latency (embed + top-8 within
//! a unit scope) over a synthetic corpus, in a throwaway index.

use super::runtime;
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::Args;
use lantern_core::retrieval::{
    fuse_rankings, ChunkMetadata, ChunkType, Collection, Document, Filter, Record,
};
use lantern_core::ErrorCode;
use lantern_rag::{Embedder, EmbedderFiles, VectorStore};
use std::path::PathBuf;
use std::time::Instant;

/// Units the synthetic course has.
const UNITS: usize = 40;
/// Documents embedded and written per batch.
const BATCH: usize = 256;
/// Results per query, as the tutor asks.
const TOP_K: usize = 8;

const SUBJECTS: [&str; 16] = [
    "a linear equation",
    "the quadratic formula",
    "a common factor",
    "the gradient of a line",
    "an inequality",
    "the laws of exponents",
    "a simultaneous system",
    "the difference of squares",
    "an algebraic fraction",
    "the y-intercept",
    "a perfect square",
    "the discriminant",
    "like terms",
    "a negative coefficient",
    "the distributive law",
    "a function's domain",
];
const VERBS: [&str; 8] = [
    "simplifies",
    "changes",
    "isolates",
    "balances",
    "explains",
    "checks",
    "expands",
    "describes",
];
const OBJECTS: [&str; 8] = [
    "both sides of the equation",
    "the unknown x",
    "each bracket",
    "the sign of the answer",
    "the graph",
    "the remaining terms",
    "the solution set",
    "every step of the working",
];

/// Options of `lantern bench rag`.
#[derive(Debug, Clone, Args)]
pub struct BenchRagOptions {
    /// Chunks in the synthetic corpus.
    #[arg(long, default_value_t = 20_000)]
    pub chunks: usize,
    /// Queries to time.
    #[arg(long, default_value_t = 200)]
    pub queries: usize,
    /// Keep the index in this folder and reuse it next time (ingestion is skipped when
    /// it already holds the corpus); a throwaway folder otherwise.
    #[arg(long)]
    pub index_dir: Option<PathBuf>,
}

/// A small deterministic generator, so every run indexes the same corpus.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) as usize % n
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    fn sentence(&mut self) -> String {
        format!(
            "This step {} {} and {}.",
            self.pick(&VERBS),
            self.pick(&SUBJECTS),
            self.pick(&OBJECTS)
        )
    }
}

fn corpus(chunks: usize) -> Vec<Document> {
    let mut rng = Lcg(7);
    (0..chunks)
        .map(|i| {
            let unit = format!("U{:02}", i % UNITS);
            let text = (0..6).map(|_| rng.sentence()).collect::<Vec<_>>().join(" ");
            Document {
                id: format!("bench:{i}"),
                source: BENCH_SOURCE.into(),
                text: text.clone(),
                record: Record::Chunk(ChunkMetadata {
                    course_id: "bench".into(),
                    unit_id: unit,
                    chunk_type: ChunkType::Notes,
                    source_id: format!("notes/{}.md", i % 97),
                    section: format!("section {}", i % 7),
                    text,
                }),
            }
        })
        .collect()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(index).copied().unwrap_or(f64::NAN)
}

fn millis(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1e3
}

/// The source and generation of the synthetic corpus.
const BENCH_SOURCE: &str = "bench";

/// `lantern bench rag`
pub fn bench_rag(locations: &Locations, options: &BenchRagOptions) -> Result<(), CliError> {
    let rt = runtime()?;
    let temporary =
        tempfile::tempdir().map_err(|e| CliError::new(ErrorCode::BenchFailed, e.to_string()))?;
    let dir = options
        .index_dir
        .clone()
        .unwrap_or_else(|| temporary.path().to_path_buf());
    let store = rt.block_on(VectorStore::open(&dir))?;
    let mut embedder = Embedder::load(&EmbedderFiles::in_pack(&locations.pack()?), 2)?;
    let collection = Collection::UnitContentChunks;

    let documents = corpus(options.chunks);
    outln!("corpus:   {} chunks over {UNITS} units", documents.len());
    // The synthetic corpus is one source in one generation, published from the start.
    store.publish(BENCH_SOURCE, BENCH_SOURCE);
    let present = rt.block_on(store.count(collection, &Filter::default()))?;
    if present == documents.len() {
        outln!(
            "ingest:   reusing the {present} chunks in {}",
            dir.display()
        );
    } else {
        // Nothing published: the sweep empties the collection for a fresh corpus.
        store.publish_all([]);
        rt.block_on(store.sweep(collection))?;
        store.publish(BENCH_SOURCE, BENCH_SOURCE);
        let started = Instant::now();
        let mut embed_ms = 0.0;
        for batch in documents.chunks(BATCH) {
            let embedding = Instant::now();
            let texts: Vec<&str> = batch.iter().map(|d| d.text.as_str()).collect();
            let vectors = embedder.embed(&texts)?;
            embed_ms += millis(embedding);
            rt.block_on(store.add(collection, BENCH_SOURCE, batch, vectors))?;
        }
        let ingest_s = started.elapsed().as_secs_f64();
        outln!(
            "ingest:   {:.0} chunks/s ({:.1} s, of which embedding {:.1} s)",
            documents.len() as f64 / ingest_s,
            ingest_s,
            embed_ms / 1e3
        );
    }
    let indexing = Instant::now();
    let indexed = rt.block_on(store.refresh_indexes(collection))?;
    let index_ms = millis(indexing);
    outln!(
        "index:    scalar filter indexes{} ({index_ms:.0} ms to build or refresh)",
        if indexed {
            " + IVF vector index"
        } else {
            ", exact vector scan"
        }
    );

    let mut rng = Lcg(99);
    let (mut totals, mut embeds, mut searches) = (vec![], vec![], vec![]);
    let (mut keywords, mut hybrids) = (vec![], vec![]);
    for _ in 0..options.queries.max(1) {
        let query = format!(
            "how does {} change {}",
            rng.pick(&SUBJECTS),
            rng.pick(&OBJECTS)
        );
        let scope: Vec<String> = (0..3)
            .map(|_| format!("U{:02}", rng.below(UNITS)))
            .collect();
        let filter = Filter::course("bench").in_units(scope);
        let start = Instant::now();
        let vector = embedder.embed(&[query.as_str()])?.remove(0);
        let embedded = millis(start);
        let searching = Instant::now();
        let hits = rt.block_on(store.search(collection, &vector, &filter, TOP_K))?;
        searches.push(millis(searching));
        embeds.push(embedded);
        totals.push(millis(start));
        if hits.len() != TOP_K {
            return Err(CliError::new(
                ErrorCode::BenchFailed,
                format!("expected {TOP_K} hits, got {}", hits.len()),
            ));
        }
        let by_words = Instant::now();
        let text_hits =
            rt.block_on(store.search_text(collection, &query, &vector, &filter, TOP_K))?;
        keywords.push(millis(by_words));
        let fused = fuse_rankings(&[hits, text_hits], TOP_K);
        hybrids.push(millis(start));
        if fused.len() != TOP_K {
            return Err(CliError::new(
                ErrorCode::BenchFailed,
                format!("hybrid search gave {} hits", fused.len()),
            ));
        }
    }
    for v in [
        &mut totals,
        &mut embeds,
        &mut searches,
        &mut keywords,
        &mut hybrids,
    ] {
        v.sort_by(f64::total_cmp);
    }
    outln!(
        "query:    p50 {:.1} ms, p95 {:.1} ms (embed + filtered top-{TOP_K}; target p95 <= 15 ms) over {} queries",
        percentile(&totals, 0.5),
        percentile(&totals, 0.95),
        totals.len()
    );
    outln!(
        "          embed p50 {:.1} ms / p95 {:.1} ms, search p50 {:.1} ms / p95 {:.1} ms",
        percentile(&embeds, 0.5),
        percentile(&embeds, 0.95),
        percentile(&searches, 0.5),
        percentile(&searches, 0.95)
    );
    outln!(
        "hybrid:   p50 {:.1} ms, p95 {:.1} ms (the above + full-text top-{TOP_K}, fused); full-text p50 {:.1} ms / p95 {:.1} ms",
        percentile(&hybrids, 0.5),
        percentile(&hybrids, 0.95),
        percentile(&keywords, 0.5),
        percentile(&keywords, 0.95)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corpus_is_deterministic_and_spread_over_units() {
        let a = corpus(80);
        assert_eq!(a, corpus(80));
        let units: std::collections::HashSet<_> =
            a.iter().flat_map(|d| d.record.unit_ids()).collect();
        assert_eq!(units.len(), UNITS);
    }

    #[test]
    fn percentiles_pick_by_rank() {
        let sorted: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentile(&sorted, 0.5), 51.0);
        assert_eq!(percentile(&sorted, 0.95), 95.0);
    }
}
