//! Solving a drill's question when it is machine-solvable, so a drill the model wrote
//! is shown only with a right answer: arithmetic (its value), a one-variable linear or
//! quadratic equation (its roots, found from finite differences), or a "simplify /
//! expand / factorise" instruction (any equivalent form).

use super::expr::Parsed;
use super::forms::Equation;
use super::sampling::close;
use std::sync::LazyLock;

/// A drill's answer as the checker knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Solved {
    /// The answer, in a form [`check_answer`](super::check_answer) reads.
    Answer(String),
    /// Any expression equivalent to this one is right.
    Equivalent(String),
}

/// The beginnings of instruction words asking for an equivalent form, every language's
/// (`words/<locale>/rewrite-instructions.txt`).
static REWRITE_WORDS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| crate::word_list!("rewrite-instructions").collect());

/// Largest denominator a value is written with as a fraction.
const MAX_DENOMINATOR: i64 = 1000;

/// A value as an integer, a fraction or a decimal.
pub fn format_value(value: f64) -> String {
    if close(value, value.round()) {
        return format!("{}", value.round() as i64);
    }
    for q in 2..=MAX_DENOMINATOR {
        let p = value * q as f64;
        if (p - p.round()).abs() < 1e-9 {
            return format!("{}/{q}", p.round() as i64);
        }
    }
    format!("{value:.6}")
        .trim_end_matches('0')
        .trim_end_matches('.')
        .to_string()
}

/// The question's answer, when the checker can work it out.
pub fn solve(prompt: &str, question: &str) -> Option<Solved> {
    let question = question.trim();
    if question.is_empty()
        || question.contains(['<', '>', '≤', '≥'])
        || question.contains("\\le")
        || question.contains("\\ge")
    {
        return None;
    }
    if question.contains('=') {
        return solve_equation(question);
    }
    let parsed = Parsed::new(question).ok()?;
    if let Some(value) = parsed.constant() {
        return Some(Solved::Answer(format_value(value)));
    }
    let instruction = prompt.to_lowercase();
    REWRITE_WORDS
        .iter()
        .any(|w| instruction.contains(w))
        .then(|| Solved::Equivalent(question.to_string()))
}

/// Roots of a one-variable equation of degree one or two.
fn solve_equation(question: &str) -> Option<Solved> {
    let equation = Equation::new(question).ok()?;
    let [var] = equation.variables()[..] else {
        return None;
    };
    let (lhs, rhs) = question.split_once('=')?;
    let f = equation.difference(lhs, rhs).ok()?;
    let at = |x: f64| f.eval_with(|_| x);
    let samples: Vec<f64> = (0..6).map(|i| at(i as f64 - 2.0)).collect();
    if samples.iter().any(|v| !v.is_finite()) {
        return None;
    }
    let d1: Vec<f64> = samples.windows(2).map(|w| w[1] - w[0]).collect();
    let d2: Vec<f64> = d1.windows(2).map(|w| w[1] - w[0]).collect();
    let d3: Vec<f64> = d2.windows(2).map(|w| w[1] - w[0]).collect();
    let flat = |d: &[f64], scale: f64| d.iter().all(|v| v.abs() <= 1e-7 * scale.max(1.0));
    let scale = samples.iter().fold(0.0_f64, |m, v| m.max(v.abs()));
    let roots: Vec<f64> = if flat(&d2, scale) {
        // Linear: f(x) = a x + b.
        let a = d1[0];
        if a.abs() <= 1e-12 {
            return None;
        }
        vec![-at(0.0) / a]
    } else if flat(&d3, scale) {
        // Quadratic: f(x) = a x² + b x + c.
        let (f0, f1, fm1) = (at(0.0), at(1.0), at(-1.0));
        let a = (f1 + fm1 - 2.0 * f0) / 2.0;
        let b = (f1 - fm1) / 2.0;
        let disc = b * b - 4.0 * a * f0;
        if disc < -1e-9 {
            return None;
        }
        let root = disc.max(0.0).sqrt();
        let mut r = vec![(-b - root) / (2.0 * a), (-b + root) / (2.0 * a)];
        r.sort_by(f64::total_cmp);
        r.dedup_by(|x, y| close(*x, *y));
        r
    } else {
        return None;
    };
    if roots.iter().any(|r| !close(at(*r), 0.0) || !r.is_finite()) {
        return None;
    }
    let text: Vec<String> = roots
        .iter()
        .map(|r| format!("{var} = {}", format_value(*r)))
        .collect();
    Some(Solved::Answer(text.join(" or ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(prompt: &str, question: &str) -> Option<String> {
        match solve(prompt, question)? {
            Solved::Answer(a) => Some(a),
            Solved::Equivalent(_) => None,
        }
    }

    #[test]
    fn linear_equations_are_solved() {
        assert_eq!(answer("Solve", "2x+3=11").as_deref(), Some("x = 4"));
        assert_eq!(answer("Solve", "3(x-1)=2x+4").as_deref(), Some("x = 7"));
        assert_eq!(
            answer("Solve", "\\frac{x}{2} = 5").as_deref(),
            Some("x = 10")
        );
        assert_eq!(answer("Solve", "4y = 6").as_deref(), Some("y = 3/2"));
    }

    #[test]
    fn quadratic_equations_give_their_roots() {
        assert_eq!(
            answer("Solve", "x^2-5x+6=0").as_deref(),
            Some("x = 2 or x = 3")
        );
        assert_eq!(answer("Solve", "(x-4)^2=0").as_deref(), Some("x = 4"));
        assert_eq!(answer("Solve", "x^2 = -1"), None);
    }

    #[test]
    fn arithmetic_is_evaluated() {
        assert_eq!(answer("Work out", "12 ÷ 4 + 1").as_deref(), Some("4"));
        assert_eq!(
            answer("Add", "\\frac{3}{4}+\\frac{1}{4}").as_deref(),
            Some("1")
        );
        assert_eq!(answer("Work out", "1/3 + 1/6").as_deref(), Some("1/2"));
    }

    #[test]
    fn rewriting_asks_for_an_equivalent_form() {
        assert_eq!(
            solve("Expand", "2(x+3)"),
            Some(Solved::Equivalent("2(x+3)".into()))
        );
        assert_eq!(solve("What is", "2(x+3)"), None);
    }

    #[test]
    fn other_questions_are_not_solvable() {
        assert_eq!(solve("Solve", "x + y = 3"), None);
        assert_eq!(solve("Solve", "2x + 1 > 5"), None);
        assert_eq!(solve("Explain", "what a variable is"), None);
        assert_eq!(solve("Solve", "1/x = 2"), None);
    }
}
