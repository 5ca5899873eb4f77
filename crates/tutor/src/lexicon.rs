//! Lexical evidence for mapping (issue #33 item 2): which units a message names by their
//! own words. Each unit's terms come from its title, tags, anchor and misconceptions and
//! its material's key terms and words ([`lantern_packs::course::UnitVocabulary`])
//! (stemmed, cut to match keys, with Spanish cognates of English words, see
//! [`lantern_core::text::terms`]); a term shared by many units counts less (inverse document
//! frequency) — except that a unit's title and tags say what the unit is about, so a
//! term of one unit's title or tags counts by how few titles and tags use it, even when
//! every unit's anchor mentions it ("numerador" tags only the unit that explains it). A message's score for a unit sums the weights of the unit's terms it
//! uses; the confidence is the unit's lead over the others, scaled by how much the
//! message said. Embeddings see meaning; this sees the course's own vocabulary, so the
//! two together hold on courses the calibration never saw.

use lantern_core::text::terms::{content_terms, term_keys, Term};
use lantern_core::text::tidy::sentences;
use lantern_packs::course::{Unit, UnitVocabulary};
use std::collections::{BTreeMap, BTreeSet};

/// Weight of a term in a unit's title.
pub const TITLE_WEIGHT: f64 = 3.0;
/// Weight of a term in a unit's tags.
pub const TAG_WEIGHT: f64 = 2.0;
/// Weight of a term in a unit's anchor.
pub const ANCHOR_WEIGHT: f64 = 1.0;
/// Weight of a term in a unit's misconceptions.
pub const MISCONCEPTION_WEIGHT: f64 = 0.7;
/// Weight of a key term of a unit's notes (a heading, a bold word).
pub const KEY_TERM_WEIGHT: f64 = 2.0;
/// Weight of any other word of a unit's material.
pub const MATERIAL_WEIGHT: f64 = 0.4;
/// A score from which the message said enough to be sure (one title word that no
/// other unit uses, with something else).
pub const STRONG_SCORE: f64 = 4.0;
/// Weight added for the message's terms that one sentence of a unit's anchor or notes
/// uses together (at least [`CO_OCCURRING_TERMS`] of them): words said together in the
/// material are stronger evidence than the same words scattered over it.
pub const CO_OCCURRENCE_WEIGHT: f64 = 1.0;
/// Fewest of the message's terms one sentence must use for the bonus.
pub const CO_OCCURRING_TERMS: usize = 3;
/// How much of the runner-up's share is subtracted from a unit's share.
pub const LEXICAL_RUNNER_UP: f64 = 0.5;

/// The course's vocabulary per unit.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Lexicon {
    /// Per unit: each match key and its weight (the highest field it appears in).
    units: BTreeMap<String, BTreeMap<String, f64>>,
    /// Per key: how informative it is.
    idf: BTreeMap<String, f64>,
    /// Per unit: the keys of its title and tags.
    named: BTreeMap<String, BTreeSet<String>>,
    /// Per key: how informative it is among titles and tags.
    named_idf: BTreeMap<String, f64>,
    /// Per unit: the keys of each sentence of its anchor and notes.
    sentences: BTreeMap<String, Vec<BTreeSet<String>>>,
}

fn add(terms: &mut BTreeMap<String, f64>, text: &str, weight: f64) {
    for key in term_keys(text) {
        let w = terms.entry(key).or_default();
        *w = w.max(weight);
    }
}

impl Lexicon {
    /// The lexicon of `units` with their material's `vocabulary`.
    pub fn new(units: &[Unit], vocabulary: &BTreeMap<String, UnitVocabulary>) -> Self {
        let mut per_unit = BTreeMap::new();
        let mut named = BTreeMap::new();
        let mut anchor_sentences = BTreeMap::new();
        for u in units {
            let mut terms = BTreeMap::new();
            if let Some(v) = vocabulary.get(&u.id) {
                add(&mut terms, &v.words.join(" "), MATERIAL_WEIGHT);
                for k in &v.key_terms {
                    add(&mut terms, k, KEY_TERM_WEIGHT);
                }
            }
            for m in &u.misconceptions {
                add(&mut terms, &m.text, MISCONCEPTION_WEIGHT);
            }
            add(&mut terms, &u.anchor, ANCHOR_WEIGHT);
            for tag in &u.tags {
                add(&mut terms, &tag.replace(['_', '-'], " "), TAG_WEIGHT);
            }
            add(&mut terms, &u.title, TITLE_WEIGHT);
            let mut own = term_keys(&u.title);
            for tag in &u.tags {
                own.extend(term_keys(&tag.replace(['_', '-'], " ")));
            }
            named.insert(u.id.clone(), own);
            let notes = vocabulary.get(&u.id).map_or(&[][..], |v| &v.sentences[..]);
            anchor_sentences.insert(
                u.id.clone(),
                sentences(&u.anchor)
                    .into_iter()
                    .chain(notes.iter().map(String::as_str))
                    .map(term_keys)
                    .collect(),
            );
            per_unit.insert(u.id.clone(), terms);
        }
        let mut named_df: BTreeMap<String, f64> = BTreeMap::new();
        for keys in named.values() {
            for k in keys {
                *named_df.entry(k.clone()).or_default() += 1.0;
            }
        }
        // How specific a key is: in how many units it is a key idea (title, tags,
        // anchor, key terms); a word only the notes use counts over all units.
        let n = per_unit.len().max(1) as f64;
        let mut strong: BTreeMap<String, f64> = BTreeMap::new();
        let mut any: BTreeMap<String, f64> = BTreeMap::new();
        for terms in per_unit.values() {
            for (key, w) in terms {
                *any.entry(key.clone()).or_default() += 1.0;
                if *w >= ANCHOR_WEIGHT {
                    *strong.entry(key.clone()).or_default() += 1.0;
                }
            }
        }
        let idf = any
            .into_iter()
            .map(|(k, d)| {
                let df = strong.get(&k).copied().unwrap_or(d);
                (k, (n / df).ln() + 0.1)
            })
            .collect();
        Self {
            units: per_unit,
            idf,
            named_idf: named_df
                .into_iter()
                .map(|(k, d)| (k, (n / d).ln() + 0.1))
                .collect(),
            named,
            sentences: anchor_sentences,
        }
    }

    /// The lexicon without the course title's words among the units' own ("cold war" in
    /// "The end of the Cold War" of a Cold War course): they say what every unit is
    /// about, so they count by how many units use them, as any word does.
    pub fn with_course_title(mut self, title: &str) -> Self {
        let course = term_keys(title);
        for keys in self.named.values_mut() {
            keys.retain(|k| !course.contains(k));
        }
        self
    }

    /// The bonus of `unit` for the message's `terms` that one sentence of its anchor or
    /// notes uses together.
    fn co_occurrence(&self, unit: &str, terms: &[Term]) -> f64 {
        let Some(list) = self.sentences.get(unit) else {
            return 0.0;
        };
        list.iter()
            .map(|keys| {
                let used: Vec<&Term> = terms.iter().filter(|t| t.in_keys(keys)).collect();
                if used.len() < CO_OCCURRING_TERMS {
                    return 0.0;
                }
                used.iter()
                    .map(|t| {
                        t.keys
                            .iter()
                            .filter(|k| keys.contains(*k))
                            .map(|k| self.idf.get(k).copied().unwrap_or(0.0))
                            .fold(0.0, f64::max)
                    })
                    .sum::<f64>()
                    * CO_OCCURRENCE_WEIGHT
            })
            .fold(0.0, f64::max)
    }

    /// Whether one sentence of `unit`'s anchor or notes says what `message` says: it
    /// uses the message's most specific term the course knows (a term is as specific as
    /// its most common key: "come" is not made rare by a cognate) and at least half of
    /// them — "when did the wall actually come down" in a conversation on the end of the
    /// Cold War, whose notes say "crowds began to pull down the Wall".
    pub fn said_together(&self, unit: &str, message: &str) -> bool {
        let specificity = |t: &Term| {
            t.keys
                .iter()
                .filter_map(|k| self.idf.get(k))
                .copied()
                .min_by(f64::total_cmp)
        };
        let known: Vec<(Term, f64)> = content_terms(message)
            .into_iter()
            .filter_map(|t| specificity(&t).map(|w| (t, w)))
            .collect();
        let Some((rarest, _)) = known.iter().max_by(|a, b| a.1.total_cmp(&b.1)) else {
            return false;
        };
        self.sentences.get(unit).is_some_and(|list| {
            list.iter().any(|keys| {
                let used = known.iter().filter(|(t, _)| t.in_keys(keys)).count();
                rarest.in_keys(keys) && 2 * used >= known.len()
            })
        })
    }

    /// How informative `key` is for `unit`: by titles and tags when it is one of the
    /// unit's own, else across the course.
    fn specificity(&self, unit: &str, key: &str) -> f64 {
        let own = self.named.get(unit).is_some_and(|k| k.contains(key));
        let table = if own { &self.named_idf } else { &self.idf };
        table.get(key).copied().unwrap_or(0.0)
    }

    /// Each unit's score for `message`: the weights of its terms the message uses.
    pub fn scores(&self, message: &str) -> BTreeMap<String, f64> {
        let mut terms = content_terms(message);
        let mut seen = BTreeSet::new();
        terms.retain(|t| seen.insert(t.keys.clone()));
        let mut out = BTreeMap::new();
        for (unit, vocab) in &self.units {
            let mut used: BTreeSet<&str> = BTreeSet::new();
            let mut score = 0.0;
            for t in &terms {
                let best = t
                    .keys
                    .iter()
                    .filter(|k| !used.contains(k.as_str()))
                    .filter_map(|k| vocab.get(k).map(|w| (k, w * self.specificity(unit, k))))
                    .max_by(|a, b| a.1.total_cmp(&b.1));
                if let Some((k, w)) = best {
                    used.insert(k.as_str());
                    score += w;
                }
            }
            score += self.co_occurrence(unit, &terms);
            if score > 0.0 {
                out.insert(unit.clone(), score);
            }
        }
        out
    }

    /// The lexical confidence of each unit for `message` (0..1): its share of the
    /// scores less half the runner-up's, over half, scaled by how much was said.
    pub fn confidence(&self, message: &str) -> BTreeMap<String, f64> {
        let scores = self.scores(message);
        let total: f64 = scores.values().sum();
        if total <= 0.0 {
            return BTreeMap::new();
        }
        let best = scores.values().copied().fold(0.0, f64::max);
        let strength = (best / STRONG_SCORE).clamp(0.0, 1.0);
        scores
            .iter()
            .map(|(unit, s)| {
                let share = s / total;
                let runner_up = scores
                    .iter()
                    .filter(|(u, _)| *u != unit)
                    .map(|(_, x)| x / total)
                    .fold(0.0, f64::max);
                let lead = ((share - LEXICAL_RUNNER_UP * runner_up) / (1.0 - LEXICAL_RUNNER_UP))
                    .clamp(0.0, 1.0);
                (unit.clone(), lead * strength)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_packs::course::Misconception;

    fn unit(id: &str, title: &str, anchor: &str, tags: &[&str]) -> Unit {
        Unit {
            id: id.into(),
            title: title.into(),
            anchor: anchor.into(),
            tags: tags.iter().map(|t| t.to_string()).collect(),
            misconceptions: vec![Misconception {
                tag: "m".into(),
                text: "Thinks every angle is a right angle.".into(),
            }],
            content: vec![],
            drills: vec![],
        }
    }

    fn course() -> Vec<Unit> {
        vec![
            unit(
                "GEO-00",
                "Angles on a line and around a point",
                "Angles on a straight line add up to 180°. Vertically opposite angles are equal.",
                &["vertically_opposite"],
            ),
            unit(
                "GEO-01",
                "Parallel lines",
                "A transversal crosses parallel lines and makes corresponding angles equal.",
                &["transversal"],
            ),
            unit(
                "GEO-02",
                "Triangles",
                "The interior angles of a triangle add up to 180°.",
                &["interior_angles"],
            ),
        ]
    }

    #[test]
    fn a_units_own_words_map_to_it() {
        let l = Lexicon::new(&course(), &BTreeMap::new());
        let c = l.confidence("what is a transversal");
        assert!(c["GEO-01"] >= 0.55, "{c:?}");
        let c = l.confidence("What are vertically opposite angles?");
        assert!(c["GEO-00"] >= 0.55, "{c:?}");
    }

    #[test]
    fn spanish_cognates_map_to_english_units() {
        let l = Lexicon::new(&course(), &BTreeMap::new());
        let c = l.confidence("¿Cuánto suman los ángulos de un triángulo?");
        let best = c.iter().max_by(|a, b| a.1.total_cmp(b.1)).unwrap();
        assert_eq!(best.0, "GEO-02", "{c:?}");
    }

    #[test]
    fn a_tag_word_every_anchor_mentions_still_names_its_unit() {
        let mut units = course();
        for u in &mut units {
            u.anchor.push_str(" A transversal may cross the figure.");
        }
        let l = Lexicon::new(&units, &BTreeMap::new());
        let c = l.confidence("what is a transversal");
        let best = c.iter().max_by(|a, b| a.1.total_cmp(b.1)).unwrap();
        assert_eq!(best.0, "GEO-01", "{c:?}");
    }

    #[test]
    fn words_one_anchor_sentence_says_together_outweigh_a_title_word() {
        let units = vec![
            unit(
                "R",
                "Resistance",
                "Resistance opposes the current in a wire, and a longer wire has more.",
                &["resistance"],
            ),
            unit(
                "O",
                "Ohm's law",
                "The current is proportional to the voltage. With the same voltage, \
                 doubling the resistance halves the current.",
                &["ohms_law"],
            ),
        ];
        let l = Lexicon::new(&units, &BTreeMap::new());
        let c = l.confidence("so if the resistance doubles the current halves?");
        let best = c.iter().max_by(|a, b| a.1.total_cmp(b.1)).unwrap();
        assert_eq!(best.0, "O", "{c:?}");
    }

    #[test]
    fn words_every_unit_uses_decide_nothing() {
        let l = Lexicon::new(&course(), &BTreeMap::new());
        let c = l.confidence("angles");
        assert!(c.values().all(|v| *v < 0.55), "{c:?}");
        assert!(l.confidence("hello there").is_empty());
    }

    fn cold_war() -> (Vec<Unit>, BTreeMap<String, UnitVocabulary>) {
        let units = vec![
            unit(
                "BUILT",
                "Crisis years: the Berlin Wall",
                "The Berlin Wall was built in 1961, in the Cold War.",
                &["berlin_wall"],
            ),
            unit(
                "ENDED",
                "The end of the Cold War",
                "The Cold War ended in 1991.",
                &["gorbachev"],
            ),
        ];
        let notes = UnitVocabulary {
            sentences: vec!["In 1989 crowds began to pull down the Wall.".into()],
            ..UnitVocabulary::default()
        };
        (units, BTreeMap::from([("ENDED".to_string(), notes)]))
    }

    #[test]
    fn a_message_said_together_in_a_units_notes_is_what_they_say() {
        let (units, vocabulary) = cold_war();
        let l = Lexicon::new(&units, &vocabulary);
        assert!(l.said_together("ENDED", "when did the wall come down"));
        assert!(!l.said_together("ENDED", "when was the wall built"));
        assert!(!l.said_together("ENDED", "hello there"));
    }

    #[test]
    fn the_course_titles_words_do_not_name_one_unit() {
        let (units, vocabulary) = cold_war();
        let message = "was gorbachev the hero of the cold war";
        let plain = Lexicon::new(&units, &vocabulary).scores(message);
        let titled = Lexicon::new(&units, &vocabulary)
            .with_course_title("The Cold War")
            .scores(message);
        assert!(titled["ENDED"] < plain["ENDED"], "{titled:?} {plain:?}");
    }
}
