//! The mathematics heard, as a tree, and its canonical LaTeX: single spaces around
//! operators and relations, juxtaposed factors, braces only where LaTeX needs them.

/// A piece of mathematics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Node {
    /// Digits ("3.5").
    Number(String),
    /// A variable or constant as LaTeX ("x", "\pi").
    Symbol(String),
    /// A sign: "-4".
    Negative(Box<Node>),
    /// A double sign: "\pm 2".
    PlusMinus(Box<Node>),
    /// An operator or relation between two sides (LaTeX of the operator).
    Binary(Box<Node>, &'static str, Box<Node>),
    /// `\frac{top}{bottom}`; `weak` when heard as a word that is usually not mathematics
    /// ("un cuarto" is also "a room"), so that it does not make a stretch mathematics alone.
    Fraction {
        /// The numerator.
        top: Box<Node>,
        /// The denominator.
        bottom: Box<Node>,
        /// Not mathematics on its own.
        weak: bool,
    },
    /// A base and its exponent.
    Power(Box<Node>, Box<Node>),
    /// Factors written side by side ("3x", "\pi r^2").
    Product(Vec<Node>),
    /// Parentheses.
    Group(Box<Node>),
    /// A function applied to an argument, with an optional base and power
    /// ("\log_2(8)", "\sin^2(x)").
    Function {
        /// The LaTeX name ("\sin", or a letter: "f").
        name: &'static str,
        /// A subscript on the name (the base of a logarithm).
        base: Option<Box<Node>>,
        /// An exponent on the function name.
        power: Option<String>,
        /// The argument.
        argument: Box<Node>,
    },
    /// A root of `index` (2 is the square root).
    Root {
        /// 2, 3, 4…
        index: u32,
        /// What is under the root.
        radicand: Box<Node>,
    },
    /// "50%".
    Percent(Box<Node>),
    /// "30°".
    Degrees(Box<Node>),
    /// Mathematics introduced by a cue ("the fraction …"), which counts even alone.
    Cued(Box<Node>),
}

impl Node {
    /// Whether this is mathematics on its own: it has an operator, relation, power,
    /// fraction, root, function, sign or cue — not just a number or a letter.
    pub(crate) fn is_mathematics(&self) -> bool {
        match self {
            Node::Number(_) | Node::Symbol(_) => false,
            Node::Fraction { top, bottom, weak } => {
                !weak || top.is_mathematics() || bottom.is_mathematics()
            }
            Node::Product(factors) => factors.iter().any(Node::is_mathematics),
            Node::Group(inner) | Node::Percent(inner) | Node::Degrees(inner) => {
                inner.is_mathematics()
            }
            Node::Negative(_)
            | Node::PlusMinus(_)
            | Node::Binary(..)
            | Node::Power(..)
            | Node::Function { .. }
            | Node::Root { .. }
            | Node::Cued(_) => true,
        }
    }

    /// The canonical LaTeX.
    pub(crate) fn latex(&self) -> String {
        match self {
            Node::Number(digits) => digits.clone(),
            Node::Symbol(latex) => latex.clone(),
            Node::Negative(inner) => match **inner {
                Node::Negative(_) | Node::Binary(..) => format!("-({})", inner.latex()),
                _ => format!("-{}", inner.latex()),
            },
            Node::PlusMinus(inner) => format!("\\pm {}", inner.latex()),
            Node::Binary(left, op, right) => {
                format!("{} {op} {}", left.latex(), right.latex())
            }
            Node::Fraction { top, bottom, .. } => {
                format!("\\frac{{{}}}{{{}}}", bare(top), bare(bottom))
            }
            Node::Power(base, exponent) => {
                format!("{}{}", power_base(base), superscript(&bare(exponent)))
            }
            Node::Product(factors) => product(factors),
            Node::Group(inner) => format!("({})", inner.latex()),
            Node::Function {
                name,
                base,
                power,
                argument,
            } => {
                let base = base
                    .as_deref()
                    .map(|b| script('_', &bare(b)))
                    .unwrap_or_default();
                let power = power.as_deref().map(superscript).unwrap_or_default();
                format!("{name}{base}{power}({})", bare(argument))
            }
            Node::Root { index: 2, radicand } => format!("\\sqrt{{{}}}", bare(radicand)),
            Node::Root { index, radicand } => format!("\\sqrt[{index}]{{{}}}", bare(radicand)),
            Node::Percent(inner) => format!("{}\\%", power_base(inner)),
            Node::Degrees(inner) => format!("{}^\\circ", power_base(inner)),
            Node::Cued(inner) => inner.latex(),
        }
    }
}

/// The LaTeX of a node without its outer parentheses (inside `\frac`, `\sqrt`, `^{}`).
fn bare(node: &Node) -> String {
    match node {
        Node::Group(inner) => inner.latex(),
        _ => node.latex(),
    }
}

/// A base for `^`, in parentheses unless it is a single atom.
fn power_base(node: &Node) -> String {
    match node {
        Node::Number(digits) if !digits.starts_with('-') => node.latex(),
        Node::Symbol(_) | Node::Group(_) | Node::Function { .. } | Node::Root { .. } => {
            node.latex()
        }
        _ => format!("({})", node.latex()),
    }
}

/// `^2` for a one-character exponent, `^{10}` otherwise.
fn superscript(exponent: &str) -> String {
    script('^', exponent)
}

/// `mark` (`^` or `_`) and `text`, braced unless it is a single character.
fn script(mark: char, text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphanumeric() => format!("{mark}{c}"),
        _ => format!("{mark}{{{text}}}"),
    }
}

/// Factors side by side, with a space only where a command would swallow the next
/// letter ("\pi r").
fn product(factors: &[Node]) -> String {
    let mut out = String::new();
    for factor in factors {
        let next = factor.latex();
        if ends_with_command(&out) && next.starts_with(|c: char| c.is_ascii_alphabetic()) {
            out.push(' ');
        }
        out.push_str(&next);
    }
    out
}

fn ends_with_command(latex: &str) -> bool {
    let letters = latex
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphabetic())
        .count();
    letters > 0 && latex[..latex.len() - letters].ends_with('\\')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(digits: &str) -> Box<Node> {
        Box::new(Node::Number(digits.into()))
    }

    fn s(latex: &str) -> Box<Node> {
        Box::new(Node::Symbol(latex.into()))
    }

    #[test]
    fn operators_are_spaced_and_factors_juxtaposed() {
        let square = Node::Power(s("x"), n("2"));
        let three_x = Node::Product(vec![*n("3"), *s("x")]);
        let sum = Node::Binary(Box::new(square), "+", Box::new(three_x));
        let equation = Node::Binary(Box::new(sum), "=", n("10"));
        assert_eq!(equation.latex(), "x^2 + 3x = 10");
        let area = Node::Product(vec![*s("\\pi"), Node::Power(s("r"), n("2"))]);
        assert_eq!(area.latex(), "\\pi r^2");
        assert_eq!(
            Node::Product(vec![*n("2"), *s("\\pi"), *s("r")]).latex(),
            "2\\pi r"
        );
    }

    #[test]
    fn braces_appear_only_where_needed() {
        assert_eq!(Node::Power(s("x"), n("10")).latex(), "x^{10}");
        let group = Node::Group(Box::new(Node::Binary(s("x"), "+", n("1"))));
        assert_eq!(
            Node::Power(Box::new(group.clone()), n("2")).latex(),
            "(x + 1)^2"
        );
        let root = Node::Root {
            index: 2,
            radicand: Box::new(group.clone()),
        };
        assert_eq!(root.latex(), "\\sqrt{x + 1}");
        let cube = Node::Root {
            index: 3,
            radicand: n("8"),
        };
        assert_eq!(cube.latex(), "\\sqrt[3]{8}");
        let sine = Node::Function {
            name: "\\sin",
            base: None,
            power: None,
            argument: Box::new(group),
        };
        assert_eq!(sine.latex(), "\\sin(x + 1)");
        let log = Node::Function {
            name: "\\log",
            base: Some(n("10")),
            power: None,
            argument: n("5"),
        };
        assert_eq!(log.latex(), "\\log_{10}(5)");
        assert_eq!(Node::PlusMinus(s("x")).latex(), "\\pm x");
        let twice = Node::Power(Box::new(Node::Power(s("x"), n("2"))), n("3"));
        assert_eq!(twice.latex(), "(x^2)^3");
        assert_eq!(
            Node::Power(Box::new(Node::Negative(n("4"))), n("2")).latex(),
            "(-4)^2"
        );
    }

    #[test]
    fn only_operators_make_mathematics() {
        assert!(!Node::Number("3".into()).is_mathematics());
        assert!(!Node::Product(vec![*n("3"), *s("x")]).is_mathematics());
        assert!(Node::Negative(n("4")).is_mathematics());
        let quarter = Node::Fraction {
            top: n("1"),
            bottom: n("4"),
            weak: true,
        };
        assert!(!quarter.is_mathematics());
        assert_eq!(quarter.latex(), "\\frac{1}{4}");
        assert!(!Node::Percent(n("50")).is_mathematics());
    }
}
