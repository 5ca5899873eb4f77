//! Which content terms a text negates: the first content term within
//! [`NEGATION_REACH`] words after a word of negation ("no puedes **faltar**", "kids
//! don't **know**", "nunca **lava**"). The reply filter compares a model sentence's
//! negated and affirmed terms with the passage it rests on, so a sentence that turns
//! its source around ("Tu compañero siempre lava los platos" for "nunca lava los
//! platos") is not supported by it.

use super::normalize::normalize;
use super::terms::{content_terms, is_teaching_talk};
use std::collections::BTreeSet;
use std::sync::LazyLock;

/// Most words after a negation that may hold the term it negates ("no **sabe**", "no
/// se lo **pusieron**", "not at all **sure**").
pub const NEGATION_REACH: usize = 3;

/// Words of negation, in every language (`words/<locale>/negations.txt`).
static NEGATIONS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| crate::word_list!("negations").collect());

/// A text's content terms by polarity, as match keys.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Polarity {
    /// Keys of the terms the text negates.
    pub negated: BTreeSet<String>,
    /// Keys of the terms it states without a negation.
    pub affirmed: BTreeSet<String>,
}

/// One content term of a text, as its keys, with whether the text negates it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Polar {
    /// The word as written (normalised).
    pub word: String,
    /// Its match keys.
    pub keys: Vec<String>,
    /// Whether a negation comes within [`NEGATION_REACH`] words before it, and it is the
    /// first content term after that negation.
    pub negated: bool,
}

/// The clauses of `text`: split at a mark that ends one (a comma, a full stop… followed
/// by a space or the end; a figure's "3,000" or "1.5" is not split) or opens a question
/// or an exclamation.
pub fn clauses(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let next_is_space = chars.peek().is_none_or(|(_, n)| n.is_whitespace());
        let ends = matches!(c, ',' | ';' | ':' | '.' | '!' | '?') && next_is_space;
        if ends || matches!(c, '¿' | '¡') {
            out.push(&text[start..at]);
            start = at + c.len_utf8();
        }
    }
    out.push(&text[start..]);
    out
}

/// The content terms of `text` in order, each with whether the text negates it. A
/// negation reaches no further than its clause ("No, the roots take in water": nothing
/// is negated) and passes over teaching talk and modal verbs ("no **puedes** faltar"
/// negates "faltar").
pub fn polar_terms(text: &str) -> Vec<Polar> {
    let mut out = Vec::new();
    for clause in clauses(text) {
        // Words left in which a negation may still find its term.
        let mut reach = 0usize;
        for word in normalize(clause).split(' ').filter(|w| !w.is_empty()) {
            if NEGATIONS.contains(&word) {
                reach = NEGATION_REACH;
                continue;
            }
            let terms = content_terms(word);
            let carries = terms.iter().any(|t| !is_teaching_talk(t));
            let negated = reach > 0 && carries;
            reach = if negated { 0 } else { reach.saturating_sub(1) };
            out.extend(terms.into_iter().map(|t| Polar {
                negated: negated && !is_teaching_talk(&t),
                word: t.word,
                keys: t.keys,
            }));
        }
    }
    out
}

/// The keys of `text`'s content terms by polarity.
pub fn polarity(text: &str) -> Polarity {
    let mut out = Polarity::default();
    for term in polar_terms(text) {
        let side = if term.negated {
            &mut out.negated
        } else {
            &mut out.affirmed
        };
        side.extend(term.keys);
    }
    out
}

impl Polarity {
    /// Both texts' terms by polarity.
    pub fn union(&self, other: &Polarity) -> Polarity {
        Polarity {
            negated: self.negated.union(&other.negated).cloned().collect(),
            affirmed: self.affirmed.union(&other.affirmed).cloned().collect(),
        }
    }

    /// This source's polarity with what the `student` said: their negations count, and
    /// their statements only of terms this source never negates. A student repeating a
    /// myth ("¿existe una postura perfecta?") does not let a sentence state what the
    /// note denies ("una buena postura no es estar perfectamente recto"); a student
    /// saying what they lack ("no tengo coche") still lets a sentence say so.
    pub fn heard_with(&self, student: &Polarity) -> Polarity {
        Polarity {
            negated: self.negated.union(&student.negated).cloned().collect(),
            affirmed: self
                .affirmed
                .iter()
                .chain(student.affirmed.difference(&self.negated))
                .cloned()
                .collect(),
        }
    }

    /// The words of `sentence`'s terms whose polarity this source turns around: a term
    /// the sentence negates that the source never negates, or one it states that the
    /// source only ever negates. Terms the source does not have are not judged here.
    pub fn turned_around(&self, sentence: &[Polar]) -> Vec<String> {
        let has =
            |keys: &BTreeSet<String>, term: &Polar| term.keys.iter().any(|k| keys.contains(k));
        sentence
            .iter()
            .filter(|t| {
                let known = has(&self.negated, t) || has(&self.affirmed, t);
                if t.negated {
                    known && !has(&self.negated, t)
                } else {
                    has(&self.negated, t) && !has(&self.affirmed, t)
                }
            })
            .map(|t| t.word.clone())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Content words the property tests build sentences from, none teaching talk.
    const WORDS: [&str; 8] = [
        "gardens", "students", "water", "tomatoes", "teachers", "lessons", "money", "plants",
    ];

    #[test]
    fn a_student_statement_does_not_undo_what_the_source_denies() {
        let source = polarity("Una buena postura no es estar perfectamente recto.");
        let student = polarity("posta que existe una postura perfecta?");
        let heard = source.heard_with(&student);
        let sentence = polar_terms("La postura perfecta es estar recto.");
        assert_eq!(heard.turned_around(&sentence), vec!["perfecta".to_string()]);
        let student = polarity("no tengo coche");
        let heard = polarity("Ve en coche.").heard_with(&student);
        assert!(heard
            .turned_around(&polar_terms("Si no tienes coche, camina."))
            .is_empty());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// A text never turns itself around, whatever it negates.
        #[test]
        fn a_text_is_never_turned_around_by_itself(
            picks in prop::collection::vec((0usize..WORDS.len(), any::<bool>()), 1..8),
        ) {
            let text: Vec<String> = picks
                .iter()
                .map(|(i, not)| if *not { format!("not {}", WORDS[*i]) } else { WORDS[*i].to_string() })
                .collect();
            let text = text.join(", ");
            prop_assert!(polarity(&text).turned_around(&polar_terms(&text)).is_empty());
        }

        /// A sentence negating a term its source only states is always turned around.
        #[test]
        fn negating_a_stated_term_is_always_turned_around(
            picks in prop::collection::btree_set(0usize..WORDS.len(), 1..6),
            at in any::<prop::sample::Index>(),
        ) {
            let words: Vec<&str> = picks.iter().map(|i| WORDS[*i]).collect();
            let source = words.join(" and ");
            let negated = words[at.index(words.len())];
            let sentence = source.replace(negated, &format!("not {negated}"));
            let turned = polarity(&source).turned_around(&polar_terms(&sentence));
            prop_assert_eq!(turned, vec![negated.to_string()]);
        }
    }

    fn negated(text: &str) -> Vec<String> {
        polar_terms(text)
            .into_iter()
            .filter(|t| t.negated)
            .map(|t| t.word)
            .collect()
    }

    #[test]
    fn a_negation_negates_the_first_content_term_after_it() {
        assert_eq!(negated("mi roomie nunca lava los platos"), ["lava"]);
        assert_eq!(negated("kids don't know CPR"), ["know"]);
        assert_eq!(negated("I can see the board"), Vec::<String>::new());
    }

    #[test]
    fn a_figures_comma_or_point_ends_no_clause() {
        assert_eq!(
            clauses("no 3,000 or 1.5, then"),
            ["no 3,000 or 1.5", " then"]
        );
        assert_eq!(clauses("¿y si no?"), ["", "y si no", ""]);
    }

    #[test]
    fn a_negation_reaches_only_a_few_words() {
        assert_eq!(
            negated("no, of the whole lot, students"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_sentence_negating_what_its_source_states_is_turned_around() {
        let source = polarity("Si faltas a una práctica por enfermedad, guarda el justificante.");
        let sentence = polar_terms("No puedes faltar a prácticas por enfermedad.");
        assert_eq!(source.turned_around(&sentence), ["faltar"]);
    }

    #[test]
    fn a_sentence_stating_what_its_source_only_negates_is_turned_around() {
        let source = polarity("mi roomie nunca lava los platos");
        let sentence = polar_terms("Tu roomie siempre lava los platos.");
        assert_eq!(source.turned_around(&sentence), ["lava"]);
    }

    #[test]
    fn the_same_polarity_or_a_term_the_source_lacks_is_not_judged() {
        let source = polarity("Half of young people do not know what an interest rate is.");
        for sentence in [
            "Half of young people do not know about interest rates.",
            "Young people need lessons on interest.",
        ] {
            assert!(
                source.turned_around(&polar_terms(sentence)).is_empty(),
                "{sentence}"
            );
        }
    }
}
