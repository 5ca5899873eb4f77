//! The deterministic answer checker: is a student's answer equivalent to the expected
//! one? Numbers (decimals with a tolerance, fractions, percentages, units), algebraic
//! expressions (evaluated at random points: `2(x+3)` ≡ `2x+6`), equations and
//! solutions (`x=4`, `4`, `x = 8/2`), lists of values (`x=2 or x=3`, `2, 3`) and text
//! (normalised match). Input is plain text or simple LaTeX. Parsing and evaluation are
//! the `exmex` crate's (maintained, MIT/Apache-2.0, floats; `evalexpr` was set aside
//! for its AGPL licence and integer division); this module only rewrites student
//! notation into its syntax. Every verdict says why. See docs/answers.md.

#[cfg(test)]
mod cases;
mod check;
mod expr;
mod forms;
mod latex;
mod mistakes;
mod numbers;
mod sampling;
mod solve;
mod text;
mod tokens;

pub use check::{check_answer, infer_kind};
pub use expr::{evaluate, MathError};
pub use mistakes::{detect_mistake, DetectedMistake};
pub use solve::{solve, Solved};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::str::FromStr;

/// How an answer is compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum AnswerKind {
    /// A number, with an optional unit.
    Number,
    /// An algebraic expression.
    Expression,
    /// An equation or a solution (`x = 4`).
    Equation,
    /// A list of values, in any order.
    Set,
    /// Words.
    Text,
}

impl AnswerKind {
    /// The kind's name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Number => "number",
            Self::Expression => "expression",
            Self::Equation => "equation",
            Self::Set => "set",
            Self::Text => "text",
        }
    }
}

impl FromStr for AnswerKind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "number" => Ok(Self::Number),
            "expression" => Ok(Self::Expression),
            "equation" => Ok(Self::Equation),
            "set" => Ok(Self::Set),
            "text" => Ok(Self::Text),
            other => Err(format!(
                "{other:?} is not a kind: number, expression, equation, set or text"
            )),
        }
    }
}

/// How to check.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CheckOptions {
    /// The kind; inferred from the expected answer when `None`.
    pub kind: Option<AnswerKind>,
    /// An equivalent answer must also be simplified.
    pub require_simplified: bool,
}

/// Why an answer was not accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Rejection {
    /// Nothing was written.
    Empty,
    /// It cannot be read as the kind of answer expected.
    NotParseable,
    /// It is not equal to the expected answer.
    NotEquivalent,
    /// It is equal but not simplified, and simplification was asked.
    NotSimplified,
    /// The number is right in another unit, or the unit is of another kind.
    WrongUnit,
}

impl Rejection {
    /// The stable name (`not_equivalent`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Empty => "empty",
            Self::NotParseable => "not_parseable",
            Self::NotEquivalent => "not_equivalent",
            Self::NotSimplified => "not_simplified",
            Self::WrongUnit => "wrong_unit",
        }
    }
}

/// The checker's verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Verdict {
    /// Accepted.
    pub correct: bool,
    /// The kind compared.
    pub kind: AnswerKind,
    /// Why not, when not.
    pub reason: Option<Rejection>,
    /// One short English sentence saying why.
    pub explanation: String,
}
