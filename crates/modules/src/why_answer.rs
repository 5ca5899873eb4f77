//! The note's sentence that answers a why-question: the one that gives the reason. A
//! note states a rule and, in the same sentence or the next, why ("Haced un turno por
//! escrito…" / "Cuelga el turno…, porque un acuerdo que solo se dijo de palabra se
//! olvida en dos semanas"); "¿por qué por escrito?" asks for the second. Code finds the
//! sentence naming what the question asks about, and takes the reason it gives or the
//! one that follows it, so a pick that restates the rule is overruled
//! ([`crate::chosen::instead_of`]).

use super::ranking::{asked_terms, is_why_question, most_named, subject_of};
use lantern_core::text::normalize::{has_phrase, normalize, opens_with_phrase};
use lantern_core::word_list;
use std::sync::LazyLock;

/// Words that give a reason ("porque", "so that"), `words/<locale>/reason-words.txt`,
/// normalised.
static REASON_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("reason-words").collect());

/// Words a sentence saying how something is opens on ("La", "The"),
/// `words/<locale>/statement-openers.txt`, normalised.
static STATEMENT_OPENERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("statement-openers").collect());

/// Words opening the condition of what happens ("si", "if"),
/// `words/<locale>/outcome-conditions.txt`, normalised.
static OUTCOME_CONDITIONS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("outcome-conditions").collect());

/// Fewest words of a clause after a colon that explains what comes before it.
const EXPLAINING_WORDS: usize = 4;

/// Whether `sentence` gives a reason for what it says: a reason word, a colon followed
/// by one clause that explains what it follows ("La sangre se quita con agua fría: el
/// agua caliente fija la proteína en la tela."), or what happens if
/// ([`says_what_happens_if`]); a colon before a list ("…por zonas: cocina, baño y
/// basura") or a clock time ("23:00") gives none.
pub(crate) fn gives_reason(sentence: &str) -> bool {
    let normal = normalize(sentence);
    REASON_WORDS.iter().any(|w| has_phrase(&normal, w))
        || explains_after_colon(sentence)
        || says_what_happens_if(&normal)
}

/// Whether the normalised `sentence` says what happens if: it says how something is
/// (opens on [`STATEMENT_OPENERS`], not on a verb telling what to do) and a condition
/// ([`OUTCOME_CONDITIONS`]) follows its opening. "La batería dura más años si la
/// mantienes entre el 20 % y el 80 %, en vez de dejarla llegar a cero" is why not to
/// let it reach zero; "Riega solo si la tierra está seca" tells what to do, and
/// "Si algo blanco sale rosa, no lo seques" does too.
fn says_what_happens_if(sentence: &str) -> bool {
    let rest = sentence.split_once(' ').map_or("", |(_, rest)| rest);
    opens_with_phrase(sentence, &STATEMENT_OPENERS)
        && OUTCOME_CONDITIONS.iter().any(|c| has_phrase(rest, c))
}

/// Whether `sentence` has a colon followed by a single clause of
/// [`EXPLAINING_WORDS`] or more: no comma or semicolon after it.
fn explains_after_colon(sentence: &str) -> bool {
    sentence.split_once(": ").is_some_and(|(_, after)| {
        !after.contains([',', ';', ':']) && after.split_whitespace().count() >= EXPLAINING_WORDS
    })
}

/// The sentence of `offered` (a note's, in its order) that answers the why-question of
/// `message`: of the sentence naming the most of what its first why-question naming
/// something asks about (at least one term, the first on a tie) and the one after it,
/// the first that gives a reason. `None` when `message` asks no why-question, the
/// question names nothing a sentence says, or neither sentence gives a reason (the
/// model's pick then stands: naming the question's words alone is no reason).
pub fn reason_sentence(offered: &[String], message: &str) -> Option<String> {
    let (at, _) = message
        .split_inclusive('?')
        .filter(|q| is_why_question(q))
        .find_map(|why| most_named(offered, &asked_terms(&subject_of(why))))?;
    reason_at(offered, at)
}

/// The reason the sentence of `offered` at `at` gives or, when it gives none, the next
/// sentence's: the first of the two that gives a reason ([`gives_reason`]).
pub(crate) fn reason_at(offered: &[String], at: usize) -> Option<String> {
    offered
        .iter()
        .skip(at)
        .take(2)
        .find(|s| gives_reason(s))
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn note(sentences: &[&str]) -> Vec<String> {
        sentences.iter().map(|s| s.to_string()).collect()
    }

    fn cleaning() -> Vec<String> {
        note(&[
            "Haced un turno de limpieza semanal por escrito, con zonas que rotan cada semana.",
            "Cuelga el turno en la nevera, porque un acuerdo que solo se dijo de palabra se olvida en dos semanas.",
            "Friega tus platos el mismo día que los usas, porque los platos acumulados son la queja más frecuente.",
        ])
    }

    #[test]
    fn a_why_question_is_answered_by_the_reason_in_or_after_the_sentence_it_names() {
        let offered = cleaning();
        // The rule asked about gives no reason; the sentence after it does.
        let after = "por que por escrito? si ya lo hablamos en la cena";
        // The sentence asked about gives its own reason.
        let own = "vale, ¿y por qué fregar los platos el mismo día?";
        for (message, answer) in [(after, &offered[1]), (own, &offered[2])] {
            assert_eq!(
                reason_sentence(&offered, message).as_ref(),
                Some(answer),
                "{message}"
            );
        }
    }

    #[test]
    fn a_sentence_drawing_its_point_with_asi_que_gives_the_reason() {
        // "así que" inside a sentence gives the reason for the rule before it.
        let offered = note(&[
            "No pases la noche en vela antes de un examen.",
            "Mientras duermes, tu cerebro guarda lo que estudiaste, así que dormir es parte del estudio.",
            "Repasa un resumen por la tarde.",
        ]);
        let answer = reason_sentence(&offered, "por que no puedo pasar la noche en vela?");
        assert_eq!(answer.as_ref(), Some(&offered[1]));
    }

    #[test]
    fn one_clause_after_a_colon_gives_the_reason_for_what_it_follows() {
        let offered = note(&[
            "Trata una mancha cuanto antes y sin frotar.",
            "La sangre se quita con agua fría: el agua caliente fija la proteína en la tela.",
            "El vino se aclara con agua fría, porque se fija en cuanto se seca.",
        ]);
        let answer = reason_sentence(&offered, "¿por qué en frío?");
        assert_eq!(answer.as_ref(), Some(&offered[1]));
    }

    #[test]
    fn a_sentence_saying_what_happens_if_gives_its_own_reason() {
        // Asked why not to let it reach zero, the sentence naming it says what happens
        // if: the next sentence's reason is about chargers, not what was asked.
        let offered = note(&[
            "La batería dura más años si la mantienes casi siempre entre el 20 % y el 80 %, en vez de dejarla llegar a cero a menudo.",
            "Usa el cargador original o uno homologado, porque los cargadores muy baratos pueden calentar la batería.",
        ]);
        let answer = reason_sentence(&offered, "y xq dicen q no hay q dejar q llegue al 0?");
        assert_eq!(answer.as_ref(), Some(&offered[0]));
    }

    #[test]
    fn a_rule_with_a_condition_or_a_condition_first_gives_no_reason_of_its_own() {
        for sentence in [
            "Riega solo si la tierra está seca.",
            "Si algo blanco sale rosa, no lo seques.",
            "Water it when the top of the soil is dry.",
            "The plant needs water once a week.",
        ] {
            assert!(!gives_reason(sentence), "{sentence}");
        }
    }

    #[test]
    fn a_colon_before_a_list_or_in_a_clock_time_gives_no_reason() {
        for sentence in [
            "Haced un turno semanal con zonas que rotan: cocina, baño, zonas comunes y basura.",
            "Acordad unas horas de silencio, por ejemplo de 23:00 a 8:00 entre semana.",
            "Lleva lo básico: agua.",
        ] {
            assert!(!gives_reason(sentence), "{sentence}");
        }
    }

    #[test]
    fn a_named_sentence_with_no_reason_near_it_gives_no_answer_of_its_own() {
        let offered = note(&[
            "Don't give them your leftovers: chocolate, onions and grapes can be toxic.",
            "Treats should be a small part of what they eat each day.",
            "Keep the lid on the bin, because they will open it.",
        ]);
        let answer = reason_sentence(&offered, "why is chocolate bad for him if it isn't for me?");
        assert_eq!(answer, None);
    }

    #[test]
    fn only_a_why_question_naming_something_has_a_reason_sentence() {
        assert_eq!(
            reason_sentence(&cleaning(), "¿cómo hago el turno por escrito?"),
            None
        );
        assert_eq!(reason_sentence(&cleaning(), "¿por qué?"), None);
    }
}
