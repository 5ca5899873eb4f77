//! Renders a [`DrillTemplate`] into one concrete drill: draws the parameters with a
//! seeded generator (the same seed gives the same drill), computes the `let` values,
//! fills the `[[expression]]` placeholders and tidies the signs (`+ -3` → `- 3`).

use super::drills::DrillTemplate;
use super::param_values::Allowed;
use lantern_core::answers::{check_answer, evaluate, AnswerKind, CheckOptions};
use std::collections::BTreeMap;
use thiserror::Error;

/// Draws tried before a template is declared unusable (values not finite, mistakes all
/// equal to the answer).
const MAX_DRAWS: usize = 50;
/// Largest denominator written as a fraction; other non-integers are decimals.
const MAX_DENOMINATOR: i64 = 100;

/// Why a template cannot be rendered.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RenderError {
    /// A parameter's range is empty.
    #[error("parameter `{0}` has no value to draw (min > max or all excluded)")]
    EmptyRange(String),
    /// A `let` value depends on an unknown name or on itself.
    #[error("`let` value `{0}` cannot be computed: {1}")]
    Unresolved(String, String),
    /// A placeholder does not evaluate.
    #[error("placeholder `[[{0}]]` cannot be computed: {1}")]
    Placeholder(String, String),
    /// Every draw gave a non-finite value.
    #[error("no draw of the parameters gives finite values")]
    NoFiniteDraw,
}

/// A concrete drill from a template.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderedDrill {
    /// The template's id.
    pub template_id: String,
    /// The instruction.
    pub prompt: String,
    /// The question (LaTeX).
    pub question_latex: String,
    /// The expected answer.
    pub answer: String,
    /// How answers are compared.
    pub kind: Option<AnswerKind>,
    /// Whether the answer must be simplified.
    pub simplified: bool,
    /// Foreseen wrong answers (never equivalent to the answer) and their tags.
    pub mistakes: Vec<(String, String)>,
}

/// Renders `template` with `seed`.
pub fn render_drill(template: &DrillTemplate, seed: u64) -> Result<RenderedDrill, RenderError> {
    let params = allowed_values(template)?;
    let mut rng = fastrand::Rng::with_seed(seed);
    for _ in 0..MAX_DRAWS {
        let mut values = draw_params(&params, &mut rng);
        if !compute_lets(template, &mut values)? {
            continue;
        }
        let Some(drill) = fill(template, &values)? else {
            continue;
        };
        return Ok(drill);
    }
    Err(RenderError::NoFiniteDraw)
}

/// Each parameter's allowed values, in the order they are drawn.
fn allowed_values(template: &DrillTemplate) -> Result<Vec<(&String, Allowed)>, RenderError> {
    template
        .params
        .iter()
        .map(|(name, range)| match Allowed::new(range) {
            Some(allowed) => Ok((name, allowed)),
            None => Err(RenderError::EmptyRange(name.clone())),
        })
        .collect()
}

/// One value for each parameter, drawn among its allowed values.
fn draw_params(params: &[(&String, Allowed)], rng: &mut fastrand::Rng) -> BTreeMap<String, f64> {
    params
        .iter()
        .map(|(name, allowed)| {
            let value = allowed.nth(rng.usize(..allowed.len()));
            ((*name).clone(), value as f64)
        })
        .collect()
}

/// Computes the `let` values in dependency order; `false` when one is not finite.
fn compute_lets(
    template: &DrillTemplate,
    values: &mut BTreeMap<String, f64>,
) -> Result<bool, RenderError> {
    let mut pending: Vec<(&String, &String)> = template.computed.iter().collect();
    while !pending.is_empty() {
        let before = pending.len();
        let mut last_error = None;
        let mut still = Vec::new();
        for (name, expression) in pending {
            match evaluate(expression, values) {
                Ok(v) if v.is_finite() => {
                    values.insert(name.clone(), v);
                }
                Ok(_) => return Ok(false),
                Err(e) => {
                    last_error = Some((name.clone(), e.to_string()));
                    still.push((name, expression));
                }
            }
        }
        if still.len() == before {
            let (name, error) = last_error.unwrap_or_default();
            return Err(RenderError::Unresolved(name, error));
        }
        pending = still;
    }
    Ok(true)
}

/// Fills the placeholders; `None` when a value is not finite or every mistake equals
/// the answer (a draw that would make the foreseen mistakes meaningless).
fn fill(
    template: &DrillTemplate,
    values: &BTreeMap<String, f64>,
) -> Result<Option<RenderedDrill>, RenderError> {
    let latex = |text: &str| fill_text(text, values, Style::Latex);
    let plain = |text: &str| fill_text(text, values, Style::Plain);
    let (Some(prompt), Some(question), Some(answer)) = (
        latex(&template.prompt)?,
        latex(&template.question)?,
        plain(&template.answer)?,
    ) else {
        return Ok(None);
    };
    let options = CheckOptions {
        kind: template.kind,
        require_simplified: false,
    };
    let mut mistakes = Vec::new();
    for mistake in &template.mistakes {
        let Some(wrong) = plain(&mistake.answer)? else {
            return Ok(None);
        };
        if !check_answer(&answer, &wrong, &options).correct {
            mistakes.push((wrong, mistake.tag.clone()));
        }
    }
    Ok(Some(RenderedDrill {
        template_id: template.id.clone(),
        prompt,
        question_latex: question,
        answer,
        kind: template.kind,
        simplified: template.simplified,
        mistakes,
    }))
}

#[derive(Clone, Copy)]
enum Style {
    Latex,
    Plain,
}

/// Replaces each `[[expression]]` by its value; `None` when one is not finite.
fn fill_text(
    text: &str,
    values: &BTreeMap<String, f64>,
    style: Style,
) -> Result<Option<String>, RenderError> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("[[") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find("]]") else {
            return Err(RenderError::Placeholder(
                after.to_string(),
                "no closing `]]`".into(),
            ));
        };
        let expression = &after[..end];
        let value = evaluate(expression, values)
            .map_err(|e| RenderError::Placeholder(expression.to_string(), e.to_string()))?;
        if !value.is_finite() {
            return Ok(None);
        }
        out.push_str(&format_number(value, style));
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    Ok(Some(tidy_signs(&out)))
}

/// An integer as an integer, a simple rational as a fraction, anything else as a
/// decimal with at most four places.
fn format_number(value: f64, style: Style) -> String {
    if (value - value.round()).abs() < 1e-9 {
        return format!("{}", value.round() as i64);
    }
    for denominator in 2..=MAX_DENOMINATOR {
        let numerator = value * denominator as f64;
        if (numerator - numerator.round()).abs() < 1e-9 {
            let numerator = numerator.round() as i64;
            let sign = if numerator < 0 { "-" } else { "" };
            let n = numerator.abs();
            return match style {
                Style::Latex => format!("{sign}\\frac{{{n}}}{{{denominator}}}"),
                Style::Plain => format!("{sign}{n}/{denominator}"),
            };
        }
    }
    let text = format!("{value:.4}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `+ -3` → `- 3`, `- -3` → `+ 3` (with or without spaces).
fn tidy_signs(text: &str) -> String {
    let mut out = text.to_string();
    for (from, to) in [("+ -", "- "), ("- -", "+ "), ("+-", "-"), ("--", "+")] {
        out = out.replace(from, to);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::drills::{MistakePattern, ParamRange};

    fn linear() -> DrillTemplate {
        DrillTemplate {
            id: "two-step".into(),
            prompt: "Solve for $x$.".into(),
            question: "[[a]]x + [[b]] = [[c]]".into(),
            answer: "x = [[x]]".into(),
            kind: Some(AnswerKind::Equation),
            simplified: false,
            params: BTreeMap::from([
                ("a".into(), range(2, 9, &[])),
                ("b".into(), range(-9, 9, &[0])),
                ("x".into(), range(-6, 9, &[])),
            ]),
            computed: BTreeMap::from([("c".into(), "a*x + b".into())]),
            mistakes: vec![MistakePattern {
                answer: "x = [[(c + b)/a]]".into(),
                tag: "inverse_operation".into(),
            }],
        }
    }

    fn range(min: i64, max: i64, exclude: &[i64]) -> ParamRange {
        ParamRange {
            min,
            max,
            exclude: exclude.to_vec(),
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_drill_and_its_answer_is_right() {
        let a = render_drill(&linear(), 7).unwrap();
        assert_eq!(a, render_drill(&linear(), 7).unwrap());
        for seed in 0..30 {
            let d = render_drill(&linear(), seed).unwrap();
            let solved = lantern_core::answers::solve(&d.prompt, &d.question_latex);
            let Some(lantern_core::answers::Solved::Answer(expected)) = solved else {
                panic!("{} is not solvable", d.question_latex);
            };
            assert!(
                check_answer(&expected, &d.answer, &CheckOptions::default()).correct,
                "{} → {} vs {expected}",
                d.question_latex,
                d.answer
            );
            assert!(!d.question_latex.contains("+ -"));
        }
    }

    #[test]
    fn a_foreseen_mistake_equal_to_the_answer_is_dropped() {
        let mut t = linear();
        t.mistakes.push(MistakePattern {
            answer: "[[x]]".into(),
            tag: "same".into(),
        });
        let d = render_drill(&t, 3).unwrap();
        assert!(d.mistakes.iter().all(|(_, tag)| tag != "same"));
    }

    #[test]
    fn numbers_are_written_as_integers_fractions_or_decimals() {
        assert_eq!(format_number(4.0, Style::Plain), "4");
        assert_eq!(format_number(-1.5, Style::Plain), "-3/2");
        assert_eq!(format_number(0.75, Style::Latex), "\\frac{3}{4}");
        assert_eq!(format_number(std::f64::consts::PI, Style::Plain), "3.1416");
    }

    #[test]
    fn signs_are_tidied() {
        assert_eq!(tidy_signs("3x + -4 = 2"), "3x - 4 = 2");
        assert_eq!(tidy_signs("x - -2"), "x + 2");
    }

    #[test]
    fn broken_templates_say_why() {
        let mut t = linear();
        t.params.insert("a".into(), range(3, 2, &[]));
        assert_eq!(
            render_drill(&t, 1),
            Err(RenderError::EmptyRange("a".into()))
        );
        let mut t = linear();
        t.computed.insert("c".into(), "a*y".into());
        assert!(matches!(
            render_drill(&t, 1),
            Err(RenderError::Unresolved(..))
        ));
        let mut t = linear();
        t.question = "[[a".into();
        assert!(matches!(
            render_drill(&t, 1),
            Err(RenderError::Placeholder(..))
        ));
    }
}
