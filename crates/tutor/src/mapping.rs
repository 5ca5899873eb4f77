//! Mapping before policy: which units a student's message is about, decided in code
//! before the policy is computed (the spec takes it from the model's answer to the same
//! turn, which the policy has to constrain — a circle). Three kinds of evidence:
//!
//! - **named**: a unit id in the message, or a unit's whole title → confidence 1.0 / 0.9;
//! - **the client event's unit** (a card's button) → 1.0;
//! - **lexical**: the units' own words in the message (titles, tags, anchors,
//!   misconceptions, weighted by how specific they are; see [`super::lexicon`]);
//! - **retrieval**: the course-wide searches of `unit_anchors` (6), `unit_content_chunks`
//!   (8) and `exam_candidates` (6). Each search votes for units in proportion to its hits'
//!   similarity; the votes are combined with weights and calibrated to 0..1 (see
//!   [`retrieval_confidence`] and docs/ARCHITECTURE.md, "Tutor mapping").
//!
//! Lexical and retrieval confidence combine as independent evidence
//! (`1 − (1 − l)(1 − r)`), so either alone can be sure and both together are surer.

use super::lexicon::Lexicon;
use super::policy::TARGET_CONFIDENCE;
use super::question::{is_follow_up, is_question};
use super::snapshot::MappedUnit;
use lantern_core::text::normalize::normalize;
use std::collections::BTreeMap;

/// Weight of the anchor search's vote.
pub const ANCHOR_WEIGHT: f64 = 0.25;
/// Weight of the teaching material's vote.
pub const CONTENT_WEIGHT: f64 = 0.45;
/// Weight of the exam questions' vote.
pub const EXAM_WEIGHT: f64 = 0.30;
/// The lead over the runner-up (see [`retrieval_confidence`]) that is certainty.
pub const FULL_CONFIDENCE_LEAD: f64 = 0.38;
/// How much of the runner-up's share is subtracted from a unit's share.
pub const RUNNER_UP_PENALTY: f64 = 0.6;
/// Similarity below which a hit is noise and does not vote.
pub const MIN_SIMILARITY: f64 = 0.12;
/// Best similarity at or below which a message is about nothing in the course ("hello",
/// "idk where to start"): retrieval then maps nothing.
pub const RELEVANCE_FLOOR: f64 = 0.26;
/// Best similarity from which retrieval's confidence counts in full.
pub const RELEVANCE_FULL: f64 = 0.32;
/// Confidence of a unit whose full title is in the message.
pub const TITLE_CONFIDENCE: f64 = 0.9;
/// How much retrieval's confidence counts when the message and the material are in
/// different languages.
pub const CROSS_LANGUAGE_RETRIEVAL: f64 = 0.7;
/// Lexical confidence below which the units' words in a message are noise.
pub const LEXICAL_FLOOR: f64 = 0.15;
/// Most mapped units kept.
pub const MAX_MAPPED: usize = 5;

/// A unit as mapping sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitName {
    /// Its id.
    pub id: String,
    /// Its title.
    pub title: String,
}

/// One search hit: the units the record is about and its similarity (0..1).
#[derive(Debug, Clone, PartialEq)]
pub struct UnitHit {
    /// The record's units (one for chunks, one or more for questions).
    pub unit_ids: Vec<String>,
    /// Similarity of meaning, 0..1.
    pub similarity: f64,
}

/// The evidence of one message.
#[derive(Debug, Clone, Copy)]
pub struct MappingEvidence<'a> {
    /// The message.
    pub message: &'a str,
    /// The course's units.
    pub units: &'a [UnitName],
    /// Hits of the anchor search.
    pub anchors: &'a [UnitHit],
    /// Hits of the teaching-material search.
    pub content: &'a [UnitHit],
    /// Hits of the exam-question search.
    pub exams: &'a [UnitHit],
    /// The unit of the button pressed, if any.
    pub event_unit: Option<&'a str>,
    /// The course's vocabulary.
    pub lexicon: &'a Lexicon,
    /// Whether the message is in another language than the material (the sentence
    /// embedder is English-only, so its votes count less).
    pub cross_language: bool,
    /// The unit the conversation was last about (the last reply's passage), which a
    /// follow-up ("so why did stalin say no to it") continues.
    pub previous_topic: Option<&'a str>,
}

/// Each unit's share of one search's similarity mass (shares sum to 1, or to 0 when
/// nothing is similar enough). A question about two units gives each half.
pub fn vote_shares(hits: &[UnitHit]) -> BTreeMap<String, f64> {
    let mut votes: BTreeMap<String, f64> = BTreeMap::new();
    for hit in hits {
        let weight = hit.similarity - MIN_SIMILARITY;
        if weight.is_nan() || weight <= 0.0 || hit.unit_ids.is_empty() {
            continue;
        }
        let each = weight / hit.unit_ids.len() as f64;
        for unit in &hit.unit_ids {
            *votes.entry(unit.clone()).or_default() += each;
        }
    }
    let total: f64 = votes.values().sum();
    if total > 0.0 {
        for v in votes.values_mut() {
            *v /= total;
        }
    }
    votes
}

/// The calibrated confidence of each unit from the three searches. Its combined share
/// `s` of the weighted votes, less 0.6 × the best other unit's share `r`, over 0.38:
/// `clamp((s − 0.6·r) / 0.38, 0, 1)`. A unanimous vote is certain; an even split
/// between two units stays below the 0.55 target threshold (an ambiguous message). A
/// search with no usable hits gives its weight to the others. The result is scaled by
/// relevance: 0 when no hit is more similar than 0.26, full from 0.32. Fitted on the
/// sample course (docs/ARCHITECTURE.md, "Tutor mapping").
pub fn retrieval_confidence(
    anchors: &[UnitHit],
    content: &[UnitHit],
    exams: &[UnitHit],
) -> BTreeMap<String, f64> {
    let searches = [
        (ANCHOR_WEIGHT, vote_shares(anchors)),
        (CONTENT_WEIGHT, vote_shares(content)),
        (EXAM_WEIGHT, vote_shares(exams)),
    ];
    let used: f64 = searches
        .iter()
        .filter(|(_, s)| !s.is_empty())
        .map(|(w, _)| w)
        .sum();
    let mut combined: BTreeMap<String, f64> = BTreeMap::new();
    if used <= 0.0 {
        return combined;
    }
    for (weight, shares) in &searches {
        for (unit, share) in shares {
            *combined.entry(unit.clone()).or_default() += weight / used * share;
        }
    }
    // A message about nothing in the course still splits its votes among units; the
    // best similarity of any hit says whether it is about the course at all.
    let best = [anchors, content, exams]
        .iter()
        .flat_map(|hits| hits.iter().map(|h| h.similarity))
        .fold(0.0, f64::max);
    let relevance = ((best - RELEVANCE_FLOOR) / (RELEVANCE_FULL - RELEVANCE_FLOOR)).clamp(0.0, 1.0);
    let shares = combined.clone();
    for (unit, v) in combined.iter_mut() {
        let runner_up = shares
            .iter()
            .filter(|(u, _)| *u != unit)
            .map(|(_, s)| *s)
            .fold(0.0, f64::max);
        *v = relevance
            * ((*v - RUNNER_UP_PENALTY * runner_up) / FULL_CONFIDENCE_LEAD).clamp(0.0, 1.0);
    }
    combined
}

/// Whether `needle` occurs in `haystack` as whole words (both normalised).
fn names(haystack: &str, needle: &str) -> bool {
    if needle.is_empty() {
        return false;
    }
    let padded = format!(" {haystack} ");
    padded.contains(&format!(" {needle} "))
}

/// Whether the message names a title: the whole title, of two words or more. A
/// one-word title ("Resistance") is a word the neighbouring units use too ("if the
/// resistance doubles the current halves" is Ohm's law); the lexicon weighs it.
fn title_names(message: &str, title: &str) -> bool {
    title.split(' ').filter(|w| !w.is_empty()).count() >= 2 && names(message, title)
}

/// Units named in the message: by id (1.0) or by a whole title of two words or more
/// (0.9).
pub fn named_units(message: &str, units: &[UnitName]) -> BTreeMap<String, f64> {
    let plain = normalize(message);
    let mut named = BTreeMap::new();
    for unit in units {
        if names(&plain, &normalize(&unit.id)) {
            named.insert(unit.id.clone(), 1.0);
        } else if title_names(&plain, &normalize(&unit.title)) {
            named.insert(unit.id.clone(), TITLE_CONFIDENCE);
        }
    }
    named
}

/// The units the message is about, most confident first (at most [`MAX_MAPPED`]); each
/// unit's confidence is the highest its evidence gives. Only course units are mapped.
pub fn map_message(e: &MappingEvidence<'_>) -> Vec<MappedUnit> {
    let known = |u: &str| e.units.iter().any(|n| n.id == u);
    let mut best: BTreeMap<String, f64> = retrieval_confidence(e.anchors, e.content, e.exams);
    if e.cross_language {
        for c in best.values_mut() {
            *c *= CROSS_LANGUAGE_RETRIEVAL;
        }
    }
    for (unit, l) in e.lexicon.confidence(e.message) {
        if l < LEXICAL_FLOOR {
            // A word of the notes in passing ("start", "idea") is not about a unit.
            continue;
        }
        let r = best.entry(unit).or_default();
        *r = 1.0 - (1.0 - *r) * (1.0 - l);
    }
    let named = named_units(e.message, e.units);
    let names_a_unit = !named.is_empty();
    for (unit, c) in named {
        let entry = best.entry(unit).or_default();
        *entry = entry.max(c);
    }
    if let Some(unit) = e.event_unit {
        best.insert(unit.to_string(), 1.0);
    }
    let mut mapped: Vec<MappedUnit> = best
        .into_iter()
        .filter(|(u, c)| known(u) && *c > 0.0)
        .map(|(unit_id, confidence)| MappedUnit {
            unit_id,
            confidence,
        })
        .collect();
    mapped.sort_by(|a, b| b.confidence.total_cmp(&a.confidence));
    if let Some(topic) = e
        .previous_topic
        .filter(|t| known(t) && !names_a_unit && e.event_unit.is_none())
        .filter(|t| is_follow_up(e.message) || continues(e, t))
    {
        continue_topic(&mut mapped, topic);
    }
    mapped.truncate(MAX_MAPPED);
    mapped
}

/// Most words of a message that continues the last topic by its words alone.
const MAX_CONTINUING_WORDS: usize = 10;

/// Whether a short question (at most [`MAX_CONTINUING_WORDS`] words) asks only what the
/// last `topic`'s material says together: in a conversation on 1989, "when did the wall
/// actually come down" is about the wall falling, not the unit on building it. An
/// answer ("the blockade one") is not a question: it may choose another unit.
fn continues(e: &MappingEvidence<'_>, topic: &str) -> bool {
    is_question(e.message)
        && e.message.split_whitespace().count() <= MAX_CONTINUING_WORDS
        && e.lexicon.said_together(topic, e.message)
}

/// A follow-up that names no unit stays on the last topic: `topic` goes first, at least
/// as confident as the best unit and sure enough to be the target.
fn continue_topic(mapped: &mut Vec<MappedUnit>, topic: &str) {
    let top = mapped.first().map_or(0.0, |m| m.confidence);
    mapped.retain(|m| m.unit_id != topic);
    mapped.insert(
        0,
        MappedUnit {
            unit_id: topic.to_string(),
            confidence: top.max(TARGET_CONFIDENCE),
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(unit: &str, similarity: f64) -> UnitHit {
        UnitHit {
            unit_ids: vec![unit.into()],
            similarity,
        }
    }

    fn units() -> Vec<UnitName> {
        [("ALG-01", "Like terms"), ("ALG-02", "Linear equations")]
            .iter()
            .map(|(id, title)| UnitName {
                id: id.to_string(),
                title: title.to_string(),
            })
            .collect()
    }

    #[test]
    fn shares_are_proportional_to_similarity_above_the_noise_floor() {
        let shares = vote_shares(&[hit("a", 0.52), hit("b", 0.32), hit("c", 0.05)]);
        assert!((shares["a"] - 0.4 / 0.6).abs() < 1e-9);
        assert!((shares["b"] - 0.2 / 0.6).abs() < 1e-9);
        assert!(!shares.contains_key("c"));
        assert!(vote_shares(&[hit("a", 0.01)]).is_empty());
    }

    #[test]
    fn a_unanimous_retrieval_is_certain_and_a_split_one_is_not() {
        let all_a = [hit("a", 0.5), hit("a", 0.4)];
        let c = retrieval_confidence(&all_a, &all_a, &all_a);
        assert!((c["a"] - 1.0).abs() < 1e-9);
        let split = [hit("a", 0.5), hit("b", 0.5)];
        let c = retrieval_confidence(&split, &split, &split);
        assert!(c["a"] < 0.55 && c["b"] < 0.55);
    }

    #[test]
    fn a_message_about_nothing_in_the_course_maps_nothing() {
        let weak = [hit("a", 0.2), hit("a", 0.18)];
        assert!(retrieval_confidence(&weak, &weak, &weak)
            .values()
            .all(|c| *c == 0.0));
        let half = [hit("a", 0.29)];
        let c = retrieval_confidence(&half, &half, &half);
        assert!((c["a"] - 0.5).abs() < 1e-9);
    }

    #[test]
    fn a_search_without_hits_gives_its_weight_to_the_others() {
        let c = retrieval_confidence(&[], &[hit("a", 0.5)], &[]);
        assert!((c["a"] - 1.0).abs() < 1e-9);
    }

    #[test]
    fn ids_and_titles_named_in_the_message_map_directly() {
        let named = named_units("Can we do alg-02 and like terms?", &units());
        assert_eq!(named["ALG-02"], 1.0);
        assert_eq!(named["ALG-01"], TITLE_CONFIDENCE);
        assert!(named_units("unlike termsx", &units()).is_empty());
    }

    #[test]
    fn a_one_word_title_in_the_message_is_not_a_name() {
        let u = vec![UnitName {
            id: "CB-03".into(),
            title: "Resistance".into(),
        }];
        assert!(named_units("so if the resistance doubles the current halves?", &u).is_empty());
    }

    #[test]
    fn the_event_unit_is_certain_and_unknown_units_are_dropped() {
        let u = units();
        let e = MappingEvidence {
            message: "",
            units: &u,
            anchors: &[hit("ALG-01", 0.6), hit("GHOST", 0.9)],
            content: &[],
            exams: &[],
            event_unit: Some("ALG-02"),
            lexicon: &Lexicon::default(),
            cross_language: false,
            previous_topic: None,
        };
        let mapped = map_message(&e);
        assert_eq!(mapped[0].unit_id, "ALG-02");
        assert_eq!(mapped[0].confidence, 1.0);
        assert!(mapped.iter().all(|m| m.unit_id != "GHOST"));
    }

    /// The evidence of `message` in a conversation last about ALG-01.
    fn after_alg_01<'a>(
        message: &'a str,
        units: &'a [UnitName],
        content: &'a [UnitHit],
        lexicon: &'a Lexicon,
    ) -> MappingEvidence<'a> {
        MappingEvidence {
            message,
            units,
            anchors: &[],
            content,
            exams: &[],
            event_unit: None,
            lexicon,
            cross_language: false,
            previous_topic: Some("ALG-01"),
        }
    }

    #[test]
    fn a_follow_up_that_names_no_unit_stays_on_the_last_topic() {
        let u = units();
        let content = [hit("ALG-02", 0.5)];
        let lexicon = Lexicon::default();
        let evidence = |message| after_alg_01(message, &u, &content, &lexicon);
        let follow_up = map_message(&evidence("so why does that work"));
        assert_eq!(follow_up[0].unit_id, "ALG-01");
        assert!(follow_up[0].confidence >= TARGET_CONFIDENCE);
        assert_eq!(
            map_message(&evidence("how do you factorise"))[0].unit_id,
            "ALG-02"
        );
        assert_eq!(
            map_message(&evidence("and what about alg-02"))[0].unit_id,
            "ALG-02"
        );
    }

    #[test]
    fn a_short_question_the_last_topics_notes_answer_stays_on_it() {
        let u = units();
        let content = [hit("ALG-02", 0.9)];
        let vocabulary = BTreeMap::from([(
            "ALG-01".to_string(),
            lantern_packs::course::UnitVocabulary {
                sentences: vec!["Collect like terms before you solve.".into()],
                ..Default::default()
            },
        )]);
        let units: Vec<lantern_packs::course::Unit> = u
            .iter()
            .map(|n| lantern_packs::course::Unit {
                id: n.id.clone(),
                title: n.title.clone(),
                anchor: format!("{} solve equations.", n.title),
                tags: vec![],
                misconceptions: vec![],
                content: vec![],
                drills: vec![],
            })
            .collect();
        let lexicon = Lexicon::new(&units, &vocabulary);
        let evidence = |message| after_alg_01(message, &u, &content, &lexicon);
        assert_eq!(
            map_message(&evidence("when do you collect terms?"))[0].unit_id,
            "ALG-01"
        );
        assert_eq!(map_message(&evidence("collect terms"))[0].unit_id, "ALG-02");
        assert_eq!(
            map_message(&evidence("what does linear mean?"))[0].unit_id,
            "ALG-02"
        );
    }
}
