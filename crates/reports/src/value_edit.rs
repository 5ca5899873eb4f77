//! Number and phrase edits the app makes without the model: the place in the report
//! the student's words point at — the old value when they name it ("15 seconds not
//! 10"), else a value with the same unit ("the beaker was 500 ml"), or the cell of the
//! row they name ("brand C's result to 53 ml": brand C's row, the column in ml) — and
//! only that place changed, checked by [`replaced_body`] like the model's
//! `replace_in_section`. Exactly one place: a proposal for review. Several: a question
//! naming them. None: the request goes on (to the other commands, then the model).

use super::command::CommandPlan;
use super::contract::{Report, Section};
use super::messages::MESSAGES;
use super::ops::ReportOp;
use super::quantity::{quantities, Quantity};
use super::references::{find_references, label, resolve_reference};
use super::replacement::{changed_words, places, replaced_body, word_spans};
use super::value_said::{read_said, Said};
use super::value_spot::{number_like, only_quantity, quantity_spot, Spot};
use super::value_table::{cell_spots, column_units_at, named_rows};
use super::word_edit::say_instead;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::terms::{content_terms, Term};

/// The sections a message's edit is looked for in: the one it names (with its
/// subsections), else every section.
fn scope<'a>(report: &'a Report, message: &str, target: Option<&str>) -> Vec<&'a Section> {
    let named = match target {
        Some(phrase) => match resolve_reference(report, phrase).as_slice() {
            [id] => Some(id.clone()),
            _ => None,
        },
        None => find_references(report, message)
            .into_iter()
            .find(|r| r.ids.len() == 1)
            .map(|r| r.ids[0].clone()),
    };
    match named.and_then(|id| report.find(&id)) {
        Some(section) => section.walk(),
        None => report.all_sections(),
    }
}

/// The spots `find` gives in the named sections, else in the whole report.
fn in_scope<'a>(
    report: &'a Report,
    named: &[&'a Section],
    find: impl Fn(&[&'a Section]) -> Vec<Spot>,
) -> Vec<Spot> {
    let spots = find(named);
    if spots.is_empty() && named.len() < report.all_sections().len() {
        return find(&report.all_sections());
    }
    spots
}

/// The places of an old number in `sections`: the same value, with the old value's unit
/// when it has one; among several, those in the new value's unit.
fn number_spots(sections: &[&Section], old: &Quantity, new_text: &str) -> Vec<Spot> {
    let new_unit = only_quantity(new_text).and_then(|q| q.unit);
    let mut found: Vec<(&Section, Quantity)> = Vec::new();
    for section in sections {
        for q in quantities(&section.body_md) {
            let unit_fits = old.unit.is_none() || q.unit.is_none() || q.unit == old.unit;
            // A number written without a unit takes a new value in a unit only in a
            // column of that unit ("4,98" in "Masa inicial (g)" for "4,89 g").
            let cell_fits = match (&new_unit, &q.unit) {
                (Some(unit), None) => column_units_at(&section.body_md, q.start)
                    .is_some_and(|units| units.contains(unit)),
                _ => true,
            };
            if q.value == old.value && unit_fits && cell_fits {
                found.push((section, q));
            }
        }
    }
    if found.len() > 1 && new_unit.is_some() {
        let same: Vec<(&Section, Quantity)> = found
            .iter()
            .filter(|(_, q)| q.unit == new_unit)
            .cloned()
            .collect();
        if !same.is_empty() {
            found = same;
        }
    }
    found
        .into_iter()
        .map(|(s, q)| quantity_spot(&s.id, &s.body_md, &q, new_text))
        .collect()
}

/// The places of some words in `sections`, as whole words.
fn phrase_spots(sections: &[&Section], old: &str, new: &str) -> Vec<Spot> {
    sections
        .iter()
        .flat_map(|s| {
            places(&s.body_md, old).into_iter().map(|at| Spot {
                id: s.id.clone(),
                start: at,
                end: at + old.len(),
                replace: new.to_string(),
                shown: s.body_md[at..at + old.len()].to_string(),
            })
        })
        .collect()
}

/// The places an edit the message said points at.
fn said_spots(report: &Report, message: &str, said: &Said) -> Vec<Spot> {
    match said {
        Said::Remove { old } => {
            let named = scope(report, message, None);
            in_scope(report, &named, |s| phrase_spots(s, old, ""))
        }
        Said::Replace { old, new, target } => {
            let named = scope(report, message, target.as_deref());
            let rows = named_rows(&named, message);
            let spots = in_scope(report, &named, |s| match only_quantity(old) {
                Some(q) => number_spots(s, &q, new),
                None => phrase_spots(s, old, new),
            });
            // A number in several rows: the row the message names.
            if spots.len() > 1 && !rows.is_empty() {
                let in_rows: Vec<Spot> = spots
                    .iter()
                    .filter(|s| rows.iter().any(|r| r.holds(&s.id, s.start)))
                    .cloned()
                    .collect();
                if !in_rows.is_empty() {
                    return in_rows;
                }
            }
            spots
        }
        Said::Becomes { new } => {
            let named = scope(report, message, None);
            in_scope(report, &named, |s| name_spots(s, new))
        }
        Said::SayInstead { target, text } => {
            let ids = resolve_reference(report, target);
            let [id] = ids.as_slice() else {
                return Vec::new();
            };
            let Some(section) = report.find(id) else {
                return Vec::new();
            };
            let body = &section.body_md;
            let Some(new_body) = say_instead(body, text) else {
                return Vec::new();
            };
            let Some((old, new)) = changed_words(body, &new_body) else {
                return Vec::new();
            };
            vec![Spot {
                id: id.clone(),
                start: old.start,
                end: old.end,
                replace: new_body[new].to_string(),
                shown: body[old].to_string(),
            }]
        }
    }
}

/// The places of `sections` where a name reads as `new` but for one word ("Mr Okafor"
/// for "Mrs Okafor"): as many words, all alike but one, one of the alike capitalised.
fn name_spots(sections: &[&Section], new: &str) -> Vec<Spot> {
    let wanted: Vec<&str> = new.split_whitespace().collect();
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    };
    let capital = |w: &str| w.chars().next().is_some_and(char::is_uppercase);
    if wanted.len() < 2 {
        return Vec::new();
    }
    let mut spots = Vec::new();
    for section in sections {
        let body = &section.body_md;
        let spans = word_spans(body);
        let words: Vec<&str> = spans.iter().map(|r| &body[r.clone()]).collect();
        for (at, window) in words.windows(wanted.len()).enumerate() {
            let alike: Vec<bool> = window
                .iter()
                .zip(&wanted)
                .map(|(w, n)| bare(w) == bare(n))
                .collect();
            let one_else = alike.iter().filter(|a| !**a).count() == 1;
            let named = window.iter().zip(&alike).any(|(w, a)| *a && capital(w));
            if !(one_else && named) {
                continue;
            }
            let start = spans[at].start;
            let last = &window[wanted.len() - 1];
            let end = spans[at + wanted.len() - 1].start
                + last.trim_end_matches(|c: char| !c.is_alphanumeric()).len();
            spots.push(Spot {
                id: section.id.clone(),
                start,
                end,
                replace: new
                    .trim_end_matches(|c: char| !c.is_alphanumeric())
                    .to_string(),
                shown: body[start..end].to_string(),
            });
        }
    }
    spots
}

/// The start and end of the smallest run of whole words around `start..end` that is in
/// `body` exactly once, for the edit's `find`.
fn unique_around(body: &str, start: usize, end: usize) -> Option<(usize, usize)> {
    let (mut from, mut to) = (start, end);
    for step in 0..24 {
        if to > from && places(body, &body[from..to]).len() == 1 {
            return Some((from, to));
        }
        if step % 2 == 0 && from > 0 {
            let head = body[..from].trim_end();
            from = head.rfind(char::is_whitespace).map_or(0, |i| i + 1);
        } else if to < body.len() {
            let tail = &body[to..];
            let skip = tail.len() - tail.trim_start().len();
            let word = tail.trim_start();
            to += skip + word.find(char::is_whitespace).unwrap_or(word.len());
        }
    }
    None
}

/// The change a spot makes, checked like the model's find/replace; `None` when the
/// check refuses it.
fn proposal(report: &Report, spot: &Spot, message: &str) -> Option<ReportOp> {
    let body = &report.find(&spot.id)?.body_md;
    let (from, to) = unique_around(body, spot.start, spot.end)?;
    let find = &body[from..to];
    let replace = format!(
        "{}{}{}",
        &body[from..spot.start],
        spot.replace,
        &body[spot.end..to]
    );
    let new_body = replaced_body(body, find, &replace, message).ok()?;
    Some(ReportOp::UpdateSection {
        id: spot.id.clone(),
        title: None,
        body_md: Some(new_body),
    })
}

/// One spot: the change for review; several: which one the student means; none: not
/// the app's to do.
fn plan_spots(
    report: &Report,
    spots: Vec<Spot>,
    message: &str,
    language: Language,
) -> Option<CommandPlan> {
    match spots.as_slice() {
        [] => None,
        [spot] => proposal(report, spot, message).map(|op| CommandPlan::Apply(vec![op])),
        many => Some(CommandPlan::Ask(which_value(report, many, language))),
    }
}

/// "Which one do you mean: “10 seconds” in 3.2 Procedure or “30 seconds” in 3.2
/// Procedure?"
pub fn which_value(report: &Report, spots: &[Spot], language: Language) -> String {
    let mut choices: Vec<String> = spots
        .iter()
        .map(|s| {
            say!(
                MESSAGES,
                language,
                "reports-value-choice",
                text = &s.shown,
                section = &label(report, &s.id)
            )
        })
        .collect();
    choices.dedup();
    let last = choices.pop().unwrap_or_default();
    let choices = if choices.is_empty() {
        last
    } else {
        say!(
            MESSAGES,
            language,
            "reports-choices",
            others = &choices.join(", "),
            last = &last
        )
    };
    say!(
        MESSAGES,
        language,
        "reports-value-which",
        choices = &choices
    )
}

/// A number or phrase edit in one of the shapes students write ("15 seconds not 10",
/// "change 48 to 50", "take out the word fairly"), planned: `None` when the message
/// has no such shape or its old words are nowhere in the report.
pub fn shaped_edit(report: &Report, message: &str) -> Option<(CommandPlan, Language)> {
    let read = read_said(message)?;
    let spots = said_spots(report, message, &read.said);
    plan_spots(report, spots, message, read.language).map(|plan| (plan, read.language))
}

/// A value said without the old one ("the beaker was 500 ml", "brand C's result is 53
/// ml", "la muestra 5 acabó con 4,35 g"), planned: the cell of the row the message
/// names, or the one value of the report in the same unit (the nearest to the
/// message's other words when there are several); `None` when the message says no
/// such value.
pub fn value_edit(report: &Report, message: &str, language: Language) -> Option<CommandPlan> {
    let named = scope(report, message, None);
    let references = find_references(report, message);
    let rows = named_rows(&named, message);
    let said: Vec<Quantity> = quantities(message)
        .into_iter()
        .filter(|q| {
            let text = &message[q.start..q.end];
            !references.iter().any(|r| r.phrase.contains(text))
                && !rows.iter().any(|r| r.labels_at(message, q))
        })
        .collect();
    let spots = match rows.as_slice() {
        [row] => cell_spots(report, row, &said, message),
        [] => in_scope(report, &named, |s| prose_spots(s, &said, message)),
        _ => return None,
    };
    plan_spots(report, spots, message, language)
}

/// Whether two quantities are in the same unit (a word unit by its stem: "layer",
/// "layers").
pub fn same_unit(a: &Quantity, b: &Quantity) -> bool {
    match (&a.unit, &b.unit) {
        (Some(x), Some(y)) if a.known_unit && b.known_unit => x == y,
        (Some(x), Some(y)) if !a.known_unit && !b.known_unit => {
            x == y || keys(x).iter().any(|k| keys(y).contains(k))
        }
        _ => false,
    }
}

fn keys(word: &str) -> Vec<String> {
    content_terms(word)
        .into_iter()
        .flat_map(|t| t.keys)
        .collect()
}

/// The words a quantity is joined to the next with in a size ("10 cm by 10 cm").
const SIZE_JOINERS: [&str; 5] = ["by", "x", "×", "por", "*"];

/// The quantities of `said` that make one value: a size ("12 cm by 12 cm"), else the
/// one quantity with a unit.
fn said_value<'a>(message: &str, said: &'a [Quantity]) -> Option<&'a [Quantity]> {
    let with_unit: Vec<usize> = (0..said.len())
        .filter(|&i| said[i].unit.is_some())
        .collect();
    if let [only] = with_unit.as_slice() {
        return Some(&said[*only..=*only]);
    }
    let joined = said.len() >= 2
        && said.windows(2).all(|w| {
            SIZE_JOINERS.contains(&message[w[0].unit_end..w[1].start].trim())
                && same_unit(&w[0], &w[1])
        });
    joined.then_some(said)
}

/// Each run of quantities in `body` (outside tables) shaped like `value`.
fn runs_like(body: &str, value: &[Quantity]) -> Vec<Vec<Quantity>> {
    let all: Vec<Quantity> = quantities(body)
        .into_iter()
        .filter(|q| !line_of(body, q.start).trim_start().starts_with('|'))
        .collect();
    all.windows(value.len())
        .filter(|run| {
            run.iter().zip(value).all(|(r, v)| same_unit(r, v))
                && run
                    .windows(2)
                    .all(|w| SIZE_JOINERS.contains(&body[w[0].unit_end..w[1].start].trim()))
        })
        .map(<[Quantity]>::to_vec)
        .collect()
}

/// The line of `body` holding byte `at`.
fn line_of(body: &str, at: usize) -> &str {
    let start = body[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = body[at..].find('\n').map_or(body.len(), |i| at + i);
    &body[start..end]
}

/// The prose places of `sections` in the unit of the value said, each with its new
/// text; several are narrowed to the nearest to the message's other words.
fn prose_spots(sections: &[&Section], said: &[Quantity], message: &str) -> Vec<Spot> {
    let Some(value) = said_value(message, said) else {
        return Vec::new();
    };
    let mut spots = Vec::new();
    for section in sections {
        let body = &section.body_md;
        for run in runs_like(body, value) {
            let (first, last) = (&run[0], &run[run.len() - 1]);
            let mut text = body[first.start..last.unit_end].to_string();
            for (old, new) in run.iter().zip(value).rev() {
                let at = old.start - first.start;
                let number = number_like(body, old, message, new);
                text.replace_range(at..at + (old.end - old.start), &number);
            }
            spots.push(Spot {
                id: section.id.clone(),
                start: first.start,
                end: last.unit_end,
                replace: text,
                shown: body[first.start..last.unit_end].to_string(),
            });
        }
    }
    if spots.len() > 1 {
        return nearest(sections, spots, message, value);
    }
    spots
}

/// The spots nearest (in words, within a sentence) to a word of the message that is
/// neither the value nor its unit; all of them when none is nearest.
fn nearest(
    sections: &[&Section],
    spots: Vec<Spot>,
    message: &str,
    value: &[Quantity],
) -> Vec<Spot> {
    let skip: Vec<String> = value.iter().filter_map(|q| q.unit.clone()).collect();
    let cues: Vec<Term> = content_terms(message)
        .into_iter()
        .filter(|t| !t.is_number && !skip.contains(&t.word))
        .collect();
    let distance = |spot: &Spot| -> usize {
        let Some(section) = sections.iter().find(|s| s.id == spot.id) else {
            return usize::MAX;
        };
        word_distance(&section.body_md, spot.start, spot.end, &cues)
    };
    let scored: Vec<(usize, Spot)> = spots.into_iter().map(|s| (distance(&s), s)).collect();
    let best = scored.iter().map(|(d, _)| *d).min().unwrap_or(usize::MAX);
    let at_best = scored.iter().filter(|(d, _)| *d == best).count();
    if best < SENTENCE_APART && at_best == 1 {
        return scored
            .into_iter()
            .filter(|(d, _)| *d == best)
            .map(|(_, s)| s)
            .collect();
    }
    scored.into_iter().map(|(_, s)| s).collect()
}

/// What a sentence end between two words adds to their distance.
const SENTENCE_APART: usize = 100;

/// How many words stand between `start..end` of `body` and the nearest word with one
/// of `cues`' keys ([`SENTENCE_APART`] more for each sentence end between).
fn word_distance(body: &str, start: usize, end: usize, cues: &[Term]) -> usize {
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut at = 0;
    for piece in body.split_inclusive(char::is_whitespace) {
        let word = piece.trim_end();
        if !word.is_empty() {
            words.push((at, word));
        }
        at += piece.len();
    }
    let inside: Vec<usize> = (0..words.len())
        .filter(|&i| words[i].0 >= start && words[i].0 < end)
        .collect();
    let (Some(&first), Some(&last)) = (inside.first(), inside.last()) else {
        return usize::MAX;
    };
    let ends = |w: &str| w.ends_with(['.', '!', '?', ';']) || w.ends_with(".)");
    let is_cue = |w: &str| {
        content_terms(w).iter().any(|t| {
            cues.iter()
                .any(|c| c.keys.iter().any(|k| t.keys.contains(k)))
        })
    };
    let mut best = usize::MAX;
    for (i, (_, word)) in words.iter().enumerate() {
        if (first..=last).contains(&i) || !is_cue(word) {
            continue;
        }
        let (from, to) = if i < first { (i, first) } else { (last, i) };
        let breaks = (from..to).filter(|&k| ends(words[k].1)).count();
        best = best.min(to - from - 1 + breaks * SENTENCE_APART);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{osmosis, towels};

    /// The body of section `number` after the edit `message` plans.
    fn edited(report: &Report, message: &str) -> (String, String) {
        let plan = shaped_edit(report, message)
            .or_else(|| value_edit(report, message, Language::En).map(|p| (p, Language::En)))
            .unwrap_or_else(|| panic!("no edit: {message}"))
            .0;
        let CommandPlan::Apply(ops) = plan else {
            panic!("{message}: {plan:?}")
        };
        let [ReportOp::UpdateSection {
            id,
            body_md: Some(body),
            ..
        }] = ops.as_slice()
        else {
            panic!("{ops:?}")
        };
        (report.number_of(id).unwrap(), body.clone())
    }

    fn changes(report: &Report, message: &str, number: &str, old: &str, new: &str) {
        let (at, body) = edited(report, message);
        assert_eq!(at, number, "{message}");
        let before = crate::quality::section_numbered(report, number).unwrap();
        assert_eq!(body, before.body_md.replacen(old, new, 1), "{message}");
    }

    #[test]
    fn an_old_number_named_is_changed_where_it_is_in_the_new_values_unit() {
        let r = towels();
        changes(
            &r,
            "the sheets were dipped for 15 seconds not 10",
            "3.2",
            "10 seconds",
            "15 seconds",
        );
        changes(&r, "it should say 12 not 21", "4", "| 21 |", "| 12 |");
        changes(
            &r,
            "we put 250 ml of water in the beaker, not 200",
            "3.2",
            "200 ml",
            "250 ml",
        );
        changes(&r, "change 48 to 50", "4", "| 48 |", "| 50 |");
        changes(
            &r,
            "i wrote 37 for B but it was 39",
            "4",
            "| 37 |",
            "| 39 |",
        );
    }

    #[test]
    fn spanish_numbers_keep_their_decimal_comma_and_the_named_section_decides() {
        let r = osmosis();
        changes(
            &r,
            "los dejamos 30 minutos, no 45",
            "4.2",
            "45 minutos",
            "30 minutos",
        );
        changes(
            &r,
            "cambia el 4,52 por 4,62 en los resultados",
            "5",
            "4,52",
            "4,62",
        );
        changes(
            &r,
            "la masa inicial de la muestra 3 era 4,89 g, no 4,98",
            "5",
            "4,98",
            "4,89",
        );
        changes(
            &r,
            "en la conclusión es 16,5 y no 15,5",
            "7",
            "15,5",
            "16,5",
        );
    }

    #[test]
    fn words_named_are_replaced_or_taken_out() {
        let r = towels();
        changes(
            &r,
            "it was Ms Okafor not Mr Okafor",
            "1",
            "Mr Okafor",
            "Ms Okafor",
        );
        changes(
            &r,
            "in the evaluation say a digital balance, not just a balance",
            "6",
            "a balance",
            "a digital balance",
        );
        changes(
            &r,
            "take out the word fairly in the evaluation",
            "6",
            "fairly ",
            "",
        );
        changes(
            &r,
            "the conclusion should say best value for money",
            "7",
            "best value.",
            "best value for money.",
        );
        let o = osmosis();
        changes(
            &o,
            "quita lo de «común» de la sal en los materiales",
            "4.1",
            " común",
            "",
        );
        changes(
            &o,
            "la profesora era Marta Ruiz, no Marta Gil",
            "1",
            "Marta Gil",
            "Marta Ruiz",
        );
    }

    #[test]
    fn a_value_without_the_old_one_goes_to_the_one_place_in_its_unit() {
        let r = towels();
        changes(
            &r,
            "drip time was actually 20 s",
            "3.2",
            "30 seconds",
            "20 seconds",
        );
        changes(
            &r,
            "the squares were 12 cm by 12 cm",
            "3.2",
            "10 cm by 10 cm",
            "12 cm by 12 cm",
        );
        changes(
            &r,
            "water temp was more like 18 degrees",
            "3.3",
            "20 °C",
            "18 °C",
        );
        changes(
            &r,
            "the beaker was 500 ml",
            "3.1",
            "250 ml beaker",
            "500 ml beaker",
        );
        let o = osmosis();
        changes(
            &o,
            "los cilindros medían 3 cm de largo",
            "4.2",
            "4 cm",
            "3 cm",
        );
        changes(&o, "la balanza era de 0,1 g", "4.1", "0,01 g", "0,1 g");
        changes(
            &o,
            "la práctica fue el 19 de marzo, me equivoqué",
            "1",
            "12 de marzo",
            "19 de marzo",
        );
    }

    #[test]
    fn a_value_in_a_named_row_goes_to_the_column_of_its_unit_or_words() {
        let r = towels();
        changes(
            &r,
            "change brand C's result to 53 ml",
            "4",
            "| 48 |",
            "| 53 |",
        );
        changes(&r, "change brand C's result to 53", "4", "| 48 |", "| 53 |");
        changes(&r, "oops brand B was £1.25 a roll", "4", "£1.20", "£1.25");
        changes(
            &r,
            "in the table brand D has 4 layers",
            "4",
            "| D | 3 |",
            "| D | 4 |",
        );
        let o = osmosis();
        changes(
            &o,
            "en la tabla la muestra 5 acabó con 4,35 g",
            "5",
            "4,25",
            "4,35",
        );
    }

    #[test]
    fn several_places_become_a_question_naming_them() {
        let r = towels();
        let plan = value_edit(&r, "it took 25 seconds", Language::En).unwrap();
        let CommandPlan::Ask(question) = plan else {
            panic!("{plan:?}")
        };
        assert_eq!(
            question,
            "Which one do you mean: “10 seconds” in 3.2 Procedure or “30 seconds” in 3.2 Procedure?"
        );
    }

    #[test]
    fn no_value_or_no_place_is_no_edit() {
        let r = towels();
        assert_eq!(
            value_edit(&r, "make the aim more scientific", Language::En),
            None
        );
        assert_eq!(
            value_edit(&r, "give section 3 a better title", Language::En),
            None
        );
        assert_eq!(shaped_edit(&r, "change the weather to sunny"), None);
    }
}
