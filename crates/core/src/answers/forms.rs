//! Equations (`2x + 3 = 11`, `y = 2x + 1`), solutions (`x = 4`) and lists of values
//! (`x = 2 or x = 3`, `2, 3`, `{3, 2}`, `x = ±2`) read from text.

use super::expr::{MathError, Parsed};
use super::tokens::Tok;
use crate::words::roles::unquoted;
use std::sync::LazyLock;

/// An equation: two sides.
#[derive(Debug, Clone)]
pub struct Equation {
    /// The left side.
    pub lhs: Parsed,
    /// The right side.
    pub rhs: Parsed,
}

impl Equation {
    /// Reads `a = b` (exactly one `=`).
    pub fn new(text: &str) -> Result<Self, MathError> {
        let (lhs, rhs) = text
            .split_once('=')
            .filter(|(_, r)| !r.contains('='))
            .ok_or_else(|| MathError::Unreadable(text.chars().take(60).collect()))?;
        Ok(Self {
            lhs: Parsed::new(lhs)?,
            rhs: Parsed::new(rhs)?,
        })
    }

    /// `x = value` or `value = x`: the variable and the value.
    pub fn solution(&self) -> Option<(char, f64)> {
        let lone = |p: &Parsed| match p.tokens.written.as_slice() {
            [Tok::Var(v)] => Some(*v),
            _ => None,
        };
        match (lone(&self.lhs), lone(&self.rhs)) {
            (Some(v), _) => self.rhs.constant().map(|x| (v, x)),
            (None, Some(v)) => self.lhs.constant().map(|x| (v, x)),
            _ => None,
        }
    }

    /// The variables of both sides, sorted.
    pub fn variables(&self) -> Vec<char> {
        super::sampling::union(self.lhs.variables(), self.rhs.variables())
    }

    /// `lhs − rhs` as one expression.
    pub fn difference(&self, lhs: &str, rhs: &str) -> Result<Parsed, MathError> {
        Parsed::new(&format!("({lhs})-({rhs})"))
    }
}

/// Separators between the values of a list, after lower-casing: the words of every
/// language (`words/<locale>/list-separators.txt`), then ";".
static SEPARATORS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let words = crate::word_list!("list-separators").map(unquoted);
    words.chain([";"]).collect()
});

/// Whether `text` holds several values (a list), not one.
pub fn is_list(text: &str) -> bool {
    let lower = text.to_lowercase();
    lower.contains(',')
        || lower.contains('±')
        || lower.contains("\\pm")
        || SEPARATORS.iter().any(|s| lower.contains(s))
}

/// One value of a list, with its variable when written as `x = v`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ListValue {
    /// The variable, if named.
    pub variable: Option<char>,
    /// The value.
    pub value: f64,
}

/// The values of a list; an item with `±` gives two values. `None` when an item is
/// not a value.
pub fn list_values(text: &str) -> Option<Vec<ListValue>> {
    let mut body = text.trim().to_lowercase();
    for wrap in [("\\{", "\\}"), ("{", "}")] {
        if body.starts_with(wrap.0) && body.ends_with(wrap.1) {
            body = body[wrap.0.len()..body.len() - wrap.1.len()].to_string();
        }
    }
    for s in SEPARATORS.iter() {
        body = body.replace(s, ",");
    }
    let body = body.replace("\\pm", "±");
    let mut out = Vec::new();
    let mut last_variable = None;
    for item in body.split(',').map(str::trim) {
        if item.is_empty() {
            return None;
        }
        let (variable, value_text) = match item.split_once('=') {
            Some((v, value)) => {
                let v = v.trim();
                let mut letters = v.chars();
                let (Some(c), None) = (letters.next(), letters.next()) else {
                    return None;
                };
                (Some(c), value.trim())
            }
            None => (last_variable, item),
        };
        last_variable = variable;
        let values: Vec<String> = match value_text.strip_prefix('±') {
            Some(rest) => vec![rest.to_string(), format!("-({rest})")],
            None => vec![value_text.to_string()],
        };
        for v in values {
            let value = Parsed::new(&v).ok()?.constant()?;
            out.push(ListValue { variable, value });
        }
    }
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solution_is_a_lone_variable_and_a_value_either_way() {
        assert_eq!(
            Equation::new("x = 8/2").unwrap().solution(),
            Some(('x', 4.0))
        );
        assert_eq!(Equation::new("4 = x").unwrap().solution(), Some(('x', 4.0)));
        assert_eq!(Equation::new("2x+3=11").unwrap().solution(), None);
        assert!(Equation::new("a=b=c").is_err());
    }

    #[test]
    fn lists_split_on_commas_words_and_plus_minus() {
        let values = |t: &str| -> Vec<f64> {
            list_values(t)
                .unwrap()
                .into_iter()
                .map(|v| v.value)
                .collect()
        };
        assert_eq!(values("x=2 or x=3"), [2.0, 3.0]);
        assert_eq!(values("{3, 2}"), [3.0, 2.0]);
        assert_eq!(values("x = ±2"), [2.0, -2.0]);
        assert_eq!(values("x = 2 y x = -1"), [2.0, -1.0]);
        assert_eq!(list_values("x = 2, 3").unwrap()[1].variable, Some('x'));
        assert!(list_values("2, cat").is_none());
        assert!(is_list("2, 3") && !is_list("x = 4"));
    }
}
