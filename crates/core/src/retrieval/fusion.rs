//! Hybrid search: merging the ranking of the vector search with the ranking of the
//! keyword (full-text) search by reciprocal rank fusion.

use super::Hit;
use std::collections::HashMap;

/// Damping constant of reciprocal rank fusion: higher values flatten the difference
/// between the first ranks (60 is the usual choice).
const RRF_DAMPING: f32 = 60.0;

/// Merges rankings (each best first) into one of at most `top_k` hits. A hit's weight
/// is the sum over the rankings of `1 / (60 + rank)`, so a passage that both searches
/// find outranks one found by a single search; ties keep the first ranking's order.
/// Each hit keeps the score and record of its first appearance.
pub fn fuse_rankings(rankings: &[Vec<Hit>], top_k: usize) -> Vec<Hit> {
    let mut weights: HashMap<&str, f32> = HashMap::new();
    let mut order: Vec<&Hit> = Vec::new();
    for ranking in rankings {
        for (rank, hit) in ranking.iter().enumerate() {
            let weight = weights.entry(hit.id.as_str()).or_insert_with(|| {
                order.push(hit);
                0.0
            });
            *weight += 1.0 / (RRF_DAMPING + rank as f32 + 1.0);
        }
    }
    let mut fused: Vec<(usize, f32, &Hit)> = order
        .into_iter()
        .enumerate()
        .map(|(first_seen, hit)| (first_seen, weights[hit.id.as_str()], hit))
        .collect();
    fused.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    fused
        .into_iter()
        .take(top_k)
        .map(|(_, _, hit)| hit.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::retrieval::{ChunkMetadata, ChunkType, Record};

    fn hit(id: &str, score: f32) -> Hit {
        Hit {
            id: id.to_string(),
            score,
            record: Record::Chunk(ChunkMetadata {
                course_id: "c".into(),
                unit_id: "u".into(),
                chunk_type: ChunkType::Notes,
                source_id: "s".into(),
                section: String::new(),
                text: id.to_string(),
            }),
        }
    }

    fn ids(hits: &[Hit]) -> Vec<&str> {
        hits.iter().map(|h| h.id.as_str()).collect()
    }

    #[test]
    fn a_hit_found_by_both_searches_ranks_first() {
        let vector = vec![hit("a", 0.9), hit("b", 0.8)];
        let text = vec![hit("c", 0.1), hit("b", 0.8)];
        assert_eq!(ids(&fuse_rankings(&[vector, text], 10)), ["b", "a", "c"]);
    }

    #[test]
    fn a_single_ranking_keeps_its_order_and_is_cut_at_top_k() {
        let vector = vec![hit("a", 0.9), hit("b", 0.8), hit("c", 0.7)];
        assert_eq!(ids(&fuse_rankings(&[vector], 2)), ["a", "b"]);
    }

    #[test]
    fn equal_weights_keep_the_first_rankings_order() {
        let vector = vec![hit("a", 0.9)];
        let text = vec![hit("z", 0.2)];
        assert_eq!(ids(&fuse_rankings(&[vector, text], 5)), ["a", "z"]);
    }

    #[test]
    fn hits_keep_the_score_of_their_first_appearance() {
        let fused = fuse_rankings(&[vec![hit("a", 0.9)], vec![hit("a", 0.1)]], 5);
        assert_eq!(fused.len(), 1);
        assert_eq!(fused[0].score, 0.9);
    }
}
