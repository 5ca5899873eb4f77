//! Deterministic mistake detectors: patterns in a wrong answer that say what went
//! wrong without a model — a sign error, a reciprocal, a power-of-ten slip.

use super::expr::Parsed;
use super::forms::Equation;
use super::numbers::parse_number;
use super::sampling::{close, opposite};
use serde::{Deserialize, Serialize};

/// A recognised mistake.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DetectedMistake {
    /// The answer is the expected one with the opposite sign.
    SignError,
    /// The answer is 1 / the expected one.
    Reciprocal,
    /// The answer is the expected one times a power of ten.
    PowerOfTen,
}

impl DetectedMistake {
    /// Every detector.
    pub const ALL: [Self; 3] = [Self::SignError, Self::Reciprocal, Self::PowerOfTen];

    /// The tag counted in the confusion tags.
    pub fn tag(self) -> &'static str {
        match self {
            Self::SignError => "sign_error",
            Self::Reciprocal => "reciprocal",
            Self::PowerOfTen => "power_of_ten",
        }
    }
}

/// A single value of an answer: a number, or a solution `x = v`.
fn value_of(text: &str) -> Option<f64> {
    parse_number(text)
        .map(|n| n.value)
        .or_else(|| Equation::new(text).ok()?.solution().map(|(_, v)| v))
}

/// The mistake a wrong `answer` shows against `expected`, if one is recognised.
pub fn detect_mistake(expected: &str, answer: &str) -> Option<DetectedMistake> {
    if let (Some(e), Some(a)) = (value_of(expected), value_of(answer)) {
        if close(e, a) || close(e, 0.0) || close(a, 0.0) {
            return None;
        }
        if close(a, -e) {
            return Some(DetectedMistake::SignError);
        }
        if close(a * e, 1.0) && !close(e.abs(), 1.0) {
            return Some(DetectedMistake::Reciprocal);
        }
        let ratio = (a / e).abs().log10();
        if ratio.abs() >= 0.99 && close(ratio, ratio.round()) && ratio.abs() <= 6.0 {
            return Some(DetectedMistake::PowerOfTen);
        }
        return None;
    }
    let e = Parsed::new(expected).ok()?;
    let a = Parsed::new(answer).ok()?;
    (e.variables() == a.variables() && opposite(&e, &a, &format!("{expected}|{answer}")))
        .then_some(DetectedMistake::SignError)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sign_error_is_recognised_in_numbers_solutions_and_expressions() {
        assert_eq!(
            detect_mistake("x = 4", "x = -4"),
            Some(DetectedMistake::SignError)
        );
        assert_eq!(detect_mistake("-3", "3"), Some(DetectedMistake::SignError));
        assert_eq!(
            detect_mistake("x - 5", "5 - x"),
            Some(DetectedMistake::SignError)
        );
    }

    #[test]
    fn reciprocals_and_powers_of_ten_are_recognised() {
        assert_eq!(
            detect_mistake("4", "1/4"),
            Some(DetectedMistake::Reciprocal)
        );
        assert_eq!(
            detect_mistake("0.35", "3.5"),
            Some(DetectedMistake::PowerOfTen)
        );
        assert_eq!(
            detect_mistake("120", "1.2"),
            Some(DetectedMistake::PowerOfTen)
        );
    }

    #[test]
    fn other_wrong_answers_and_right_ones_have_no_tag() {
        assert_eq!(detect_mistake("x = 4", "x = 5"), None);
        assert_eq!(detect_mistake("4", "4"), None);
        assert_eq!(detect_mistake("2x", "x^2"), None);
    }
}
