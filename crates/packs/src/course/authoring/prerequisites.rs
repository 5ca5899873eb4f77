//! The prerequisites `lantern course new` drafts. Notes in teaching order are not a
//! chain: an edge A → B (A before B) is drafted only where B's notes show a dependency
//! a teacher would accept — a sentence says B builds on A ("builds on", "as we saw",
//! "como vimos" … naming A, `words/<locale>/prerequisite-markers.txt`), a sentence names
//! A's whole title, B defines one of its terms with A's key terms ("Organelles are the
//! structures of a eukaryotic cell's cytoplasm"), or at least [`MIN_SENTENCES`] of B's
//! sentences use the key terms A introduces. A's key terms are its defined and bold
//! terms and the title words its notes write as names ("Cuba", not "divided"), less
//! those an earlier unit used, the course title's words and the terms B defines itself.
//! A unit gets at most one drafted prerequisite: the strongest kind of evidence, from
//! the nearest earlier unit. Edges only ever go forwards, so the graph is acyclic.

use super::key_terms::{KeyTerm, Sentence};
use super::notes::read_note;
use super::outline::Part;
use super::unit::UnitDraft;
use lantern_core::text::normalize::normalize;
use lantern_core::text::terms::term_keys;
use lantern_core::text::tidy::sentences;
use lantern_core::word_list;
use lantern_core::words::roles::{phrases, roles, Roles};
use std::sync::LazyLock;

/// Fewest sentences of a unit's notes that must use an earlier unit's key terms for
/// the use to be more than incidental (tuned on tests/evals/tutor/notes and
/// tests/fixtures/authoring: one mention is a date line or an aside).
const MIN_SENTENCES: usize = 2;

/// Fewest content words a title needs for a sentence naming it to count (one word, as
/// "Air", is a common word, not a reference).
const MIN_TITLE_WORDS: usize = 2;

/// The marker phrases, normalised, by role.
static MARKERS: LazyLock<Vec<(&'static str, Vec<String>)>> = LazyLock::new(|| {
    let all: Roles = roles(word_list!("prerequisite-markers"));
    ["builds-on", "previous"]
        .into_iter()
        .map(|role| {
            let list = phrases(&all, role).iter().map(|p| normalize(p)).collect();
            (role, list)
        })
        .collect()
});

/// Whether `sentence` holds a marker phrase of `role`.
fn marked(sentence: &Sentence, role: &str) -> bool {
    MARKERS
        .iter()
        .filter(|(r, _)| *r == role)
        .flat_map(|(_, list)| list)
        .any(|p| sentence.says(p))
}

/// What a unit's notes give the drafter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct UnitNotes {
    /// The unit's title.
    pub title: String,
    /// The terms its notes define or set in bold.
    pub terms: Vec<String>,
    /// The sentences of its notes that define a term.
    pub definitions: Vec<String>,
    /// The sentences of its notes.
    pub sentences: Vec<String>,
}

impl UnitNotes {
    /// What `part`'s notes give, drafted as `draft`.
    pub fn of(part: &Part, draft: &UnitDraft) -> Self {
        let sentences = part
            .sources
            .iter()
            .flat_map(|source| read_note(&source.text).blocks)
            .flat_map(|block| {
                sentences(&block.text)
                    .into_iter()
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect();
        Self {
            title: part.title.clone(),
            terms: draft.terms.clone(),
            definitions: draft
                .definitions
                .iter()
                .map(|d| d.sentence.clone())
                .collect(),
            sentences,
        }
    }
}

/// Why a prerequisite was drafted: what the teacher is asked to confirm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Evidence {
    /// A sentence says the unit builds on the earlier one.
    Said(String),
    /// A sentence names the earlier unit's title.
    Named(String),
    /// A sentence that defines one of the unit's terms uses the earlier unit's terms.
    Defined(String),
    /// Sentences use the key terms the earlier unit introduces.
    Terms {
        /// The terms used, as the earlier unit writes them.
        terms: Vec<String>,
        /// How many sentences use them.
        sentences: usize,
    },
}

impl Evidence {
    /// How strong the evidence is: a sentence that says so, then one that names the
    /// title, then a definition, then shared terms.
    fn rank(&self) -> u8 {
        match self {
            Self::Said(_) => 0,
            Self::Named(_) => 1,
            Self::Defined(_) => 2,
            Self::Terms { .. } => 3,
        }
    }
}

/// A drafted prerequisite: unit `from` before unit `to` (indexes, `from < to`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Drafted {
    /// The earlier unit.
    pub from: usize,
    /// The unit that requires it.
    pub to: usize,
    /// Why.
    pub evidence: Evidence,
}

/// A unit read for drafting.
struct Read {
    /// Its sentences.
    sentences: Vec<Sentence>,
    /// Its sentences that define a term.
    definitions: Vec<Sentence>,
    /// The content words of its title, each a term.
    title_words: Vec<KeyTerm>,
    /// Its defined and bold terms.
    own: Vec<KeyTerm>,
    /// The key terms it introduces.
    introduces: Vec<KeyTerm>,
}

/// The units read, each with the key terms it introduces: its own terms and the title
/// words it writes as names, that no earlier unit's notes use and that are not the
/// course title's.
fn read(units: &[UnitNotes], course_title: &str) -> Vec<Read> {
    let course = term_keys(course_title);
    let mut out: Vec<Read> = Vec::new();
    for unit in units {
        let sentences: Vec<Sentence> = unit.sentences.iter().map(|s| Sentence::new(s)).collect();
        let own: Vec<KeyTerm> = unit.terms.iter().filter_map(|t| KeyTerm::new(t)).collect();
        let title_words = KeyTerm::words_of(&unit.title);
        let names = title_words
            .iter()
            .filter(|w| sentences.iter().any(|s| w.named_in(s)));
        let mut introduces: Vec<KeyTerm> = Vec::new();
        for term in own.iter().chain(names) {
            let course_wide = term.within(&course);
            let used_before = out
                .iter()
                .any(|r| r.sentences.iter().any(|s| term.used_in(s)));
            let known = introduces.iter().any(|t| t.same(term));
            if !course_wide && !used_before && !known {
                introduces.push(term.clone());
            }
        }
        out.push(Read {
            definitions: unit.definitions.iter().map(|s| Sentence::new(s)).collect(),
            sentences,
            title_words,
            own,
            introduces,
        });
    }
    out
}

/// The evidence in unit `b`'s notes that it builds on the earlier unit `a`, if any.
fn evidence(a: &Read, b: &Read, a_is_previous: bool) -> Option<Evidence> {
    let terms: Vec<&KeyTerm> = a
        .introduces
        .iter()
        .filter(|t| !b.own.iter().any(|o| o.same(t)))
        .collect();
    let names_title = |s: &Sentence| {
        a.title_words.len() >= MIN_TITLE_WORDS && a.title_words.iter().all(|w| w.used_in(s))
    };
    let uses_terms = |s: &Sentence| terms.iter().any(|t| t.used_in(s));
    let said = b.sentences.iter().find(|s| {
        (marked(s, "builds-on") && (names_title(s) || uses_terms(s)))
            || (a_is_previous && marked(s, "previous"))
    });
    if let Some(s) = said {
        return Some(Evidence::Said(s.text.clone()));
    }
    if let Some(s) = b.sentences.iter().find(|s| names_title(s)) {
        return Some(Evidence::Named(s.text.clone()));
    }
    if let Some(s) = b.definitions.iter().find(|s| uses_terms(s)) {
        return Some(Evidence::Defined(s.text.clone()));
    }
    let using: Vec<&Sentence> = b.sentences.iter().filter(|s| uses_terms(s)).collect();
    (using.len() >= MIN_SENTENCES).then(|| Evidence::Terms {
        terms: terms
            .iter()
            .filter(|t| using.iter().any(|s| t.used_in(s)))
            .map(|t| t.written.clone())
            .collect(),
        sentences: using.len(),
    })
}

/// The prerequisites to draft for `units` (in the notes' order) of the course titled
/// `course_title`: at most one per unit, always from an earlier unit.
pub(crate) fn draft_prerequisites(units: &[UnitNotes], course_title: &str) -> Vec<Drafted> {
    let read = read(units, course_title);
    let mut out = Vec::new();
    for (to, b) in read.iter().enumerate() {
        let best = (0..to)
            .rev()
            .filter_map(|from| {
                evidence(&read[from], b, from + 1 == to).map(|evidence| Drafted {
                    from,
                    to,
                    evidence,
                })
            })
            .min_by_key(|d| (d.evidence.rank(), to - d.from));
        out.extend(best);
    }
    out
}

#[cfg(test)]
#[path = "prerequisites_tests.rs"]
mod tests;
