//! `check_answer`: infers the kind from the expected answer when it is not given and
//! compares by kind.

use super::expr::Parsed;
use super::forms::{is_list, list_values, Equation, ListValue};
use super::numbers::{numbers_equal, parse_number, NumberAnswer};
use super::sampling::{close, proportional, same_function, Disagreement};
use super::text::normalize_text;
use super::tokens::FUNCTIONS;
use super::{AnswerKind, CheckOptions, Rejection, Verdict};

fn accept(kind: AnswerKind, explanation: impl Into<String>) -> Verdict {
    Verdict {
        correct: true,
        kind,
        reason: None,
        explanation: explanation.into(),
    }
}

fn reject(kind: AnswerKind, reason: Rejection, explanation: impl Into<String>) -> Verdict {
    Verdict {
        correct: false,
        kind,
        reason: Some(reason),
        explanation: explanation.into(),
    }
}

/// Words rather than maths: no digit, no sign, and a run of two or more letters that
/// is not a function or π.
fn looks_like_words(text: &str) -> bool {
    if text
        .chars()
        .any(|c| c.is_ascii_digit() || "+-*/^=\\".contains(c))
    {
        return false;
    }
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 2)
        .any(|w| {
            let lower = w.to_lowercase();
            lower != "pi" && !FUNCTIONS.contains(&lower.as_str())
        })
}

/// The kind an expected answer calls for.
pub fn infer_kind(expected: &str) -> AnswerKind {
    let t = expected.trim();
    if looks_like_words(t) {
        AnswerKind::Text
    } else if is_list(t) && list_values(t).is_some_and(|v| v.len() > 1) {
        AnswerKind::Set
    } else if t.contains('=') && Equation::new(t).is_ok() {
        AnswerKind::Equation
    } else if parse_number(t).is_some() {
        AnswerKind::Number
    } else if Parsed::new(t).is_ok() {
        AnswerKind::Expression
    } else {
        AnswerKind::Text
    }
}

/// Whether `answer` is equivalent to `expected`, and why not.
pub fn check_answer(expected: &str, answer: &str, options: &CheckOptions) -> Verdict {
    let kind = options.kind.unwrap_or_else(|| infer_kind(expected));
    if answer.trim().is_empty() {
        return reject(kind, Rejection::Empty, "No answer was given.");
    }
    let verdict = match kind {
        AnswerKind::Number => check_number(expected, answer, options),
        AnswerKind::Expression => check_expression(expected, answer, options),
        AnswerKind::Equation => check_equation(expected, answer),
        AnswerKind::Set => check_set(expected, answer),
        AnswerKind::Text => Some(check_text(expected, answer)),
    };
    // An expected answer that cannot be read as its kind is compared as text.
    verdict.unwrap_or_else(|| Verdict {
        kind,
        ..check_text(expected, answer)
    })
}

fn check_text(expected: &str, answer: &str) -> Verdict {
    if normalize_text(expected) == normalize_text(answer) {
        accept(AnswerKind::Text, "The words match.")
    } else {
        reject(
            AnswerKind::Text,
            Rejection::NotEquivalent,
            format!("{answer:?} does not match {expected:?}."),
        )
    }
}

/// A number answer, also accepted as `x = value`.
fn answer_number(answer: &str) -> Option<NumberAnswer> {
    parse_number(answer).or_else(|| {
        let (_, value) = Equation::new(answer).ok()?.solution()?;
        Some(NumberAnswer {
            value,
            unit: None,
            decimals: None,
            simplified: true,
        })
    })
}

fn unreadable(kind: AnswerKind, answer: &str) -> Verdict {
    let has_letters = Parsed::new(answer).is_ok_and(|p| !p.variables().is_empty());
    if has_letters {
        reject(
            kind,
            Rejection::NotEquivalent,
            format!("{answer} has letters where a number is expected."),
        )
    } else {
        reject(
            kind,
            Rejection::NotParseable,
            format!("{answer:?} cannot be read as a number."),
        )
    }
}

fn check_number(expected: &str, answer: &str, options: &CheckOptions) -> Option<Verdict> {
    const KIND: AnswerKind = AnswerKind::Number;
    let e = parse_number(expected)?;
    let Some(a) = answer_number(answer) else {
        return Some(unreadable(KIND, answer));
    };
    let mut note = String::new();
    let value = match (e.unit, a.unit) {
        (Some(eu), Some(au)) if eu.dimension != au.dimension => {
            return Some(reject(
                KIND,
                Rejection::WrongUnit,
                format!(
                    "{} measures {}, not {}.",
                    au.name, au.dimension, eu.dimension
                ),
            ));
        }
        (Some(eu), Some(au)) => a.value * au.factor / eu.factor,
        (Some(eu), None) => {
            note = format!(" (the unit {} was left out)", eu.name);
            a.value
        }
        _ => a.value,
    };
    if !numbers_equal(e.value, e.decimals, value) {
        let other_unit = matches!((e.unit, a.unit), (Some(eu), Some(au)) if eu.name != au.name);
        if other_unit && numbers_equal(e.value, e.decimals, a.value) {
            return Some(reject(
                KIND,
                Rejection::WrongUnit,
                format!("The number is right but the unit is not: {answer} is not {expected}."),
            ));
        }
        return Some(reject(
            KIND,
            Rejection::NotEquivalent,
            format!(
                "{answer} is not equal to {expected} ({value} vs {}).",
                e.value
            ),
        ));
    }
    if options.require_simplified && !a.simplified {
        return Some(reject(
            KIND,
            Rejection::NotSimplified,
            format!("{answer} is equal to {expected} but not simplified."),
        ));
    }
    Some(accept(KIND, format!("Equal{note}.")))
}

fn disagreement(answer: &str, expected: &str, d: Option<Disagreement>) -> String {
    match d {
        Some(d) => format!(
            "{answer} is not equal to {expected} (at {}: {:.4} vs {:.4}).",
            d.at, d.left, d.right
        ),
        None => format!("{answer} and {expected} cannot be compared (undefined at every point)."),
    }
}

fn names(vars: &[char]) -> String {
    if vars.is_empty() {
        return "no letter".into();
    }
    vars.iter()
        .map(char::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn check_expression(expected: &str, answer: &str, options: &CheckOptions) -> Option<Verdict> {
    const KIND: AnswerKind = AnswerKind::Expression;
    let e = Parsed::new(expected).ok()?;
    let Ok(a) = Parsed::new(answer) else {
        return Some(reject(
            KIND,
            Rejection::NotParseable,
            format!("{answer:?} cannot be read as an expression."),
        ));
    };
    if a.variables() != e.variables() {
        return Some(reject(
            KIND,
            Rejection::NotEquivalent,
            format!(
                "{answer} uses {} where {expected} uses {}.",
                names(a.variables()),
                names(e.variables())
            ),
        ));
    }
    if let Err(d) = same_function(&e, &a, &format!("{expected}|{answer}")) {
        return Some(reject(
            KIND,
            Rejection::NotEquivalent,
            disagreement(answer, expected, d),
        ));
    }
    if options.require_simplified && a.tokens.size() > e.tokens.size() {
        return Some(reject(
            KIND,
            Rejection::NotSimplified,
            format!("{answer} is equivalent to {expected} but not simplified."),
        ));
    }
    Some(accept(KIND, "Equivalent."))
}

fn check_equation(expected: &str, answer: &str) -> Option<Verdict> {
    const KIND: AnswerKind = AnswerKind::Equation;
    let e = Equation::new(expected).ok()?;
    if let Some((var, value)) = e.solution() {
        let got = match Equation::new(answer) {
            Ok(eq) => eq.solution(),
            Err(_) => parse_number(answer).map(|n| (var, n.value)),
        };
        let Some((got_var, got_value)) = got else {
            return Some(
                match Parsed::new(answer).or_else(|_| Equation::new(answer).map(|e| e.lhs)) {
                    Ok(_) => reject(
                        KIND,
                        Rejection::NotEquivalent,
                        format!("{answer} is not a value for {var}."),
                    ),
                    Err(_) => reject(
                        KIND,
                        Rejection::NotParseable,
                        format!("{answer:?} cannot be read as a solution."),
                    ),
                },
            );
        };
        if got_var != var {
            return Some(reject(
                KIND,
                Rejection::NotEquivalent,
                format!("{answer} gives {got_var}, but the question asks for {var}."),
            ));
        }
        return Some(if close(value, got_value) {
            accept(KIND, "The same solution.")
        } else {
            reject(
                KIND,
                Rejection::NotEquivalent,
                format!("{var} = {got_value} is not {expected}."),
            )
        });
    }
    let Ok(a) = Equation::new(answer) else {
        return Some(reject(
            KIND,
            Rejection::NotParseable,
            format!("{answer:?} cannot be read as an equation."),
        ));
    };
    let (el, er) = expected.split_once('=')?;
    let (al, ar) = answer.split_once('=')?;
    let fe = e.difference(el, er).ok()?;
    let fa = a.difference(al, ar).ok()?;
    if a.variables() != e.variables() {
        return Some(reject(
            KIND,
            Rejection::NotEquivalent,
            format!(
                "{answer} uses {} where {expected} uses {}.",
                names(&a.variables()),
                names(&e.variables())
            ),
        ));
    }
    Some(
        match proportional(&fe, &fa, &format!("{expected}|{answer}")) {
            Ok(()) => accept(KIND, "The same equation, rearranged."),
            Err(_) => reject(
                KIND,
                Rejection::NotEquivalent,
                format!("{answer} is not the same equation as {expected}."),
            ),
        },
    )
}

fn check_set(expected: &str, answer: &str) -> Option<Verdict> {
    const KIND: AnswerKind = AnswerKind::Set;
    let e = list_values(expected)?;
    let Some(a) = list_values(answer) else {
        return Some(reject(
            KIND,
            Rejection::NotParseable,
            format!("{answer:?} cannot be read as a list of values."),
        ));
    };
    let named = |list: &[ListValue]| list.iter().find_map(|v| v.variable);
    if let (Some(ev), Some(av)) = (named(&e), named(&a)) {
        if ev != av {
            return Some(reject(
                KIND,
                Rejection::NotEquivalent,
                format!("{answer} gives {av}, but the question asks for {ev}."),
            ));
        }
    }
    let mut left: Vec<f64> = a.iter().map(|v| v.value).collect();
    let mut missing = Vec::new();
    for v in &e {
        match left.iter().position(|x| close(*x, v.value)) {
            Some(i) => {
                left.remove(i);
            }
            None => missing.push(v.value),
        }
    }
    Some(match (missing.is_empty(), left.is_empty()) {
        (true, true) => accept(KIND, "The same values."),
        (false, _) => reject(
            KIND,
            Rejection::NotEquivalent,
            format!("{answer} is missing {}.", join(&missing)),
        ),
        (true, false) => reject(
            KIND,
            Rejection::NotEquivalent,
            format!("{answer} has {} too many.", join(&left)),
        ),
    })
}

fn join(values: &[f64]) -> String {
    values
        .iter()
        .map(|v| format!("{v}"))
        .collect::<Vec<_>>()
        .join(", ")
}
