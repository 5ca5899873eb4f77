//! A parsed expression: the student's text through [`delatex`](super::latex::delatex)
//! and [`tokenize`](super::tokens::tokenize), then parsed and evaluated by the
//! maintained `exmex` crate (MIT/Apache-2.0, floats, variables, `^`, `sqrt`, …).

use super::latex::delatex;
use super::tokens::{tokenize, Tokens};
use exmex::prelude::*;
use std::collections::BTreeMap;
use thiserror::Error;

/// Deepest parenthesis nesting read.
const MAX_NESTING: usize = 30;

/// Why an expression cannot be read or evaluated.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MathError {
    /// Empty input.
    #[error("nothing to read")]
    Empty,
    /// Not maths the checker can read.
    #[error("cannot read {0:?} as maths")]
    Unreadable(String),
    /// A variable has no value.
    #[error("variable {0} has no value")]
    Unbound(char),
}

/// A parsed expression.
#[derive(Debug, Clone)]
pub struct Parsed {
    /// The tokens as written.
    pub tokens: Tokens,
    flat: FlatEx<f64>,
    vars: Vec<char>,
}

fn nesting(text: &str) -> usize {
    let mut depth: usize = 0;
    let mut deepest = 0;
    for c in text.chars() {
        match c {
            '(' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

impl Parsed {
    /// Parses `text` (plain or simple LaTeX).
    pub fn new(text: &str) -> Result<Self, MathError> {
        let unreadable = || MathError::Unreadable(text.chars().take(60).collect());
        if text.trim().is_empty() {
            return Err(MathError::Empty);
        }
        let plain = delatex(text).ok_or_else(unreadable)?;
        if nesting(&plain) > MAX_NESTING {
            return Err(unreadable());
        }
        let tokens = tokenize(&plain).ok_or_else(unreadable)?;
        if tokens.written.is_empty() {
            return Err(MathError::Empty);
        }
        let source = tokens.to_parser();
        let parsed = std::panic::catch_unwind(|| exmex::parse::<f64>(&source))
            .map_err(|_| unreadable())?
            .map_err(|_| unreadable())?;
        let vars = tokens.variables();
        let named: Vec<String> = vars.iter().map(|v| v.to_string()).collect();
        if parsed.var_names() != named.as_slice() {
            return Err(unreadable());
        }
        Ok(Self {
            tokens,
            flat: parsed,
            vars,
        })
    }

    /// The variables, sorted.
    pub fn variables(&self) -> &[char] {
        &self.vars
    }

    /// The value with each variable's value from `value_of`; NaN when undefined.
    pub fn eval_with(&self, value_of: impl Fn(char) -> f64) -> f64 {
        let values: Vec<f64> = self.vars.iter().map(|v| value_of(*v)).collect();
        self.flat.eval(&values).unwrap_or(f64::NAN)
    }

    /// The value of an expression without variables.
    pub fn constant(&self) -> Option<f64> {
        self.vars
            .is_empty()
            .then(|| self.eval_with(|_| 0.0))
            .filter(|v| v.is_finite())
    }
}

/// Evaluates `expression` (the answers' syntax, LaTeX included) with `vars` bound.
pub fn evaluate(expression: &str, vars: &BTreeMap<String, f64>) -> Result<f64, MathError> {
    let parsed = Parsed::new(expression)?;
    for v in parsed.variables() {
        if !vars.contains_key(&v.to_string()) {
            return Err(MathError::Unbound(*v));
        }
    }
    Ok(parsed.eval_with(|v| vars.get(&v.to_string()).copied().unwrap_or(f64::NAN)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> f64 {
        evaluate(text, &BTreeMap::new()).unwrap()
    }

    #[test]
    fn arithmetic_follows_the_usual_order() {
        assert_eq!(value("2+3*4"), 14.0);
        assert_eq!(value("-3^2"), -9.0);
        assert_eq!(value("(-3)^2"), 9.0);
        assert_eq!(value("\\frac{3}{4}+\\frac{1}{4}"), 1.0);
        assert_eq!(value("2^-1"), 0.5);
        assert_eq!(value("\\sqrt{16}"), 4.0);
        assert_eq!(value("12 ÷ 4 + 1"), 4.0);
    }

    #[test]
    fn variables_must_be_bound() {
        let vars = BTreeMap::from([("x".to_string(), 2.0), ("a".to_string(), 3.0)]);
        assert_eq!(evaluate("a*x + 1", &vars).unwrap(), 7.0);
        assert_eq!(evaluate("3y", &vars), Err(MathError::Unbound('y')));
    }

    #[test]
    fn unreadable_input_is_an_error() {
        assert!(matches!(
            evaluate("2+*", &BTreeMap::new()),
            Err(MathError::Unreadable(_))
        ));
        assert_eq!(evaluate("  ", &BTreeMap::new()), Err(MathError::Empty));
    }
}
