//! A precedence parser over lexemes. From a starting lexeme it reads the longest
//! expression it can and says where it stopped; it never consumes an operator that has
//! nothing to act on ("three times" leaves "times" alone).
//!
//! Precedence, loosest first: relations; `+ − ±` (and "all squared" on what came
//! before, "all over" divides it); `× ÷`; signs; fractions ("over", "/"); juxtaposed factors ("3x"); powers,
//! percent and degrees after a factor; atoms (numbers, letters, constants, parentheses,
//! functions, roots).

use super::latex::Node;
use super::lexer::{Lex, Lexeme};
use super::lexicon::{is_of, is_power_word};
use super::numbers::Plurality;
use crate::language::Language;
use std::cell::Cell;

/// How deeply parentheses, roots and functions may nest before the parser gives up.
const MAX_DEPTH: u32 = 32;

/// The most lexemes one expression may take; longer runs are read as several
/// expressions, which keeps the tree shallow enough to print and drop recursively.
const MAX_LEXEMES: usize = 256;

/// What the parser returns: a node and the index of the first lexeme it did not use.
type Parsed = Option<(Node, usize)>;

/// The parser over one transcript's lexemes.
pub(crate) struct Parser<'a> {
    lexemes: &'a [Lexeme],
    language: Language,
    /// The first lexeme the current expression may not use.
    limit: Cell<usize>,
}

impl<'a> Parser<'a> {
    /// A parser over `lexemes`.
    pub(crate) fn new(lexemes: &'a [Lexeme], language: Language) -> Self {
        Self {
            lexemes,
            language,
            limit: Cell::new(0),
        }
    }

    /// The longest expression starting at lexeme `at` (at most [`MAX_LEXEMES`] long),
    /// and where it ends.
    pub(crate) fn expression(&self, at: usize) -> Parsed {
        self.limit.set(at.saturating_add(MAX_LEXEMES));
        self.relation(at, 0)
    }

    fn lex(&self, at: usize) -> Option<&Lex> {
        if at >= self.limit.get() {
            return None;
        }
        self.lexemes.get(at).map(|l| &l.lex)
    }

    fn relation(&self, at: usize, depth: u32) -> Parsed {
        let (mut node, mut at) = self.sum(at, depth)?;
        while let Some(&Lex::Relation(op)) = self.lex(at) {
            let Some((right, next)) = self.sum(at + 1, depth) else {
                break;
            };
            node = Node::Binary(Box::new(node), op, Box::new(right));
            at = next;
        }
        Some((node, at))
    }

    fn sum(&self, at: usize, depth: u32) -> Parsed {
        let (mut node, mut at) = self.term(at, depth)?;
        loop {
            let op = match self.lex(at) {
                Some(Lex::Plus) => "+",
                Some(Lex::Minus) => "-",
                Some(Lex::PlusMinus) => "\\pm",
                Some(Lex::All) => {
                    // "x plus one all over two" → \frac{x + 1}{2}
                    if let Some(&Lex::Over { .. }) = self.lex(at + 1) {
                        let Some((bottom, next)) = self.product(at + 2, depth) else {
                            break;
                        };
                        let (top, bottom) = (Box::new(node), Box::new(bottom));
                        node = Node::Fraction {
                            top,
                            bottom,
                            weak: false,
                        };
                        at = next;
                        continue;
                    }
                    // "x plus one all squared" → (x + 1)^2
                    let Some((exponent, next)) = self.exponent(at + 1, depth) else {
                        break;
                    };
                    let base = match node {
                        Node::Binary(..) | Node::Negative(_) => Node::Group(Box::new(node)),
                        other => other,
                    };
                    node = Node::Power(Box::new(base), Box::new(exponent));
                    at = next;
                    continue;
                }
                _ => break,
            };
            let Some((right, next)) = self.term(at + 1, depth) else {
                break;
            };
            node = Node::Binary(Box::new(node), op, Box::new(right));
            at = next;
        }
        Some((node, at))
    }

    fn term(&self, at: usize, depth: u32) -> Parsed {
        let (mut node, mut at) = self.signed(at, depth)?;
        loop {
            let divide = match self.lex(at) {
                Some(Lex::Times) => false,
                Some(Lex::Divide) => true,
                _ => break,
            };
            let Some((right, next)) = self.signed(at + 1, depth) else {
                break;
            };
            node = if !divide {
                Node::Binary(Box::new(node), "\\times", Box::new(right))
            } else if is_arithmetic(&node) && is_plain_number(&right) {
                // "six divided by three" → 6 \div 3
                Node::Binary(Box::new(node), "\\div", Box::new(right))
            } else {
                Node::Fraction {
                    top: Box::new(node),
                    bottom: Box::new(right),
                    weak: false,
                }
            };
            at = next;
        }
        Some((node, at))
    }

    /// A fraction chain with up to two signs before it ("negative four", "minus x",
    /// "plus or minus two").
    fn signed(&self, at: usize, depth: u32) -> Parsed {
        let mut signs = Vec::new();
        while signs.len() < 2 {
            match self.lex(at + signs.len()) {
                Some(Lex::Minus | Lex::Negative) => signs.push(false),
                Some(Lex::PlusMinus) => signs.push(true),
                _ => break,
            }
        }
        let (mut node, next) = self.fraction(at + signs.len(), depth)?;
        for plus_minus in signs.into_iter().rev() {
            node = if plus_minus {
                Node::PlusMinus(Box::new(node))
            } else {
                Node::Negative(Box::new(node))
            };
        }
        Some((node, next))
    }

    /// Factors over factors: "two x over three" → \frac{2x}{3}. A written "/" takes a
    /// single factor as denominator ("1/2x" is half of x).
    fn fraction(&self, at: usize, depth: u32) -> Parsed {
        let (mut node, mut at) = self.product(at, depth)?;
        while let Some(&Lex::Over { slash }) = self.lex(at) {
            let bottom = if slash {
                self.postfixed(at + 1, depth)
            } else {
                self.product(at + 1, depth)
            };
            let Some((bottom, next)) = bottom else {
                break;
            };
            node = Node::Fraction {
                top: Box::new(node),
                bottom: Box::new(bottom),
                weak: false,
            };
            at = next;
        }
        // "1/2x": the fraction is a factor of what follows it.
        if matches!(node, Node::Fraction { .. }) && self.joins(at) {
            let mut factors = vec![node];
            while self.joins(at) {
                let Some((factor, next)) = self.postfixed(at, depth) else {
                    break;
                };
                factors.push(factor);
                at = next;
            }
            node = product_of(factors);
        }
        Some((node, at))
    }

    /// Whether the lexeme at `at` can be a factor written right after another.
    fn joins(&self, at: usize) -> bool {
        matches!(
            self.lex(at),
            Some(
                Lex::Variable {
                    ambiguous: false,
                    ..
                } | Lex::Constant(_)
                    | Lex::Function(_)
                    | Lex::Root(_)
                    | Lex::Open
            )
        )
    }

    /// Factors side by side: "3x", "2xy", "pi r squared", "2(x + 1)". Numbers never join
    /// a factor before them ("2 3" is two numbers).
    fn product(&self, at: usize, depth: u32) -> Parsed {
        let (first, mut at) = self.postfixed(at, depth)?;
        let mut factors = vec![first];
        loop {
            let after_unit = matches!(factors.last(), Some(Node::Percent(_) | Node::Degrees(_)));
            if !self.joins(at) || after_unit {
                break;
            }
            let Some((factor, next)) = self.postfixed(at, depth) else {
                break;
            };
            factors.push(factor);
            at = next;
        }
        Some((product_of(factors), at))
    }

    /// An atom followed by powers, percent or degrees.
    fn postfixed(&self, at: usize, depth: u32) -> Parsed {
        let (mut node, mut at) = self.atom(at, depth)?;
        loop {
            match self.lex(at) {
                Some(Lex::Power(_) | Lex::PowerOf) => {
                    let Some((exponent, next)) = self.exponent(at, depth) else {
                        break;
                    };
                    node = Node::Power(Box::new(node), Box::new(exponent));
                    at = next;
                }
                Some(Lex::Percent) => {
                    node = Node::Percent(Box::new(node));
                    at += 1;
                }
                Some(Lex::Degrees) => {
                    node = Node::Degrees(Box::new(node));
                    at += 1;
                }
                _ => break,
            }
        }
        Some((node, at))
    }

    /// The exponent of the power lexeme at `at`: "squared", "²", "^ n", "to the fifth
    /// (power)", "elevado a (menos) tres", "to the power of (n + 1)".
    fn exponent(&self, at: usize, depth: u32) -> Parsed {
        match self.lex(at)? {
            Lex::Power(exponent) => Some((Node::Number(exponent.clone()), at + 1)),
            Lex::PowerOf => {
                let at = at + 1;
                match self.lex(at)? {
                    Lex::Ordinal(ordinal) if ordinal.power => {
                        let power_word = matches!(
                            self.lex(at + 1),
                            Some(Lex::Word(w)) if is_power_word(w, self.language)
                        );
                        let next = at + 1 + usize::from(power_word);
                        Some((Node::Number(ordinal.value.to_string()), next))
                    }
                    Lex::Minus | Lex::Negative => {
                        let (inner, next) = self.exponent_atom(at + 1, depth)?;
                        Some((Node::Negative(Box::new(inner)), next))
                    }
                    _ => self.exponent_atom(at, depth),
                }
            }
            _ => None,
        }
    }

    fn exponent_atom(&self, at: usize, depth: u32) -> Parsed {
        match self.lex(at)? {
            Lex::Number(digits) => Some((Node::Number(digits.clone()), at + 1)),
            Lex::Variable {
                latex,
                ambiguous: false,
            } => Some((Node::Symbol(latex.clone()), at + 1)),
            Lex::Constant(latex) => Some((Node::Symbol((*latex).to_string()), at + 1)),
            Lex::Open => self.group(at, depth),
            _ => None,
        }
    }

    fn atom(&self, at: usize, depth: u32) -> Parsed {
        if depth > MAX_DEPTH {
            return None;
        }
        match self.lex(at)? {
            Lex::Number(digits) => Some(self.number(digits, at)),
            Lex::Variable {
                latex,
                ambiguous: false,
            } => {
                let symbol = (Node::Symbol(latex.clone()), at + 1);
                Some(self.applied(latex, at, depth).unwrap_or(symbol))
            }
            Lex::Constant(latex) => Some((Node::Symbol((*latex).to_string()), at + 1)),
            Lex::Open => self.group(at, depth),
            Lex::Function(name) => {
                let (base, at) = match self.log_base(name, at + 1, depth) {
                    Some((base, next)) => (Some(Box::new(base)), next),
                    None => (None, at + 1),
                };
                let (power, at) = match self.lex(at) {
                    Some(Lex::Power(p)) => (Some(p.clone()), at + 1),
                    _ => (None, at),
                };
                let (argument, next) = self.argument(at, depth)?;
                let argument = Box::new(argument);
                Some((
                    Node::Function {
                        name,
                        base,
                        power,
                        argument,
                    },
                    next,
                ))
            }
            &Lex::Root(index) => {
                let (radicand, next) = self.argument(at + 1, depth)?;
                Some((
                    Node::Root {
                        index,
                        radicand: Box::new(radicand),
                    },
                    next,
                ))
            }
            Lex::Cue => {
                let (inner, next) = self.product(at + 1, depth + 1)?;
                Some((Node::Cued(Box::new(inner)), next))
            }
            _ => None,
        }
    }

    /// A number, or a fraction when a denominator word follows ("two thirds", "un
    /// medio"). Singular denominators need "one" ("one third"); in Spanish "un cuarto"
    /// alone is weak (also "a room") and "un medio de…" is a phrase, not a fraction.
    /// Recognisers often drop the plural s ("three half", "dos tercio"): a singular
    /// denominator after a whole number from two to nineteen is a fraction too, when no
    /// word follows it ("two third graders", "the twenty-fifth" stay as they are).
    fn number(&self, digits: &str, at: usize) -> (Node, usize) {
        let number = Node::Number(digits.to_string());
        let Some(Lex::Ordinal(ordinal)) = self.lex(at + 1) else {
            return (number, at + 1);
        };
        let whole = !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit());
        let spanish = self.language == Language::Es;
        let fits = match ordinal.denominator {
            Some(Plurality::One) if digits == "1" => {
                let of_phrase = spanish
                    && matches!(self.lex(at + 2), Some(Lex::Word(w)) if w == "de" || w == "del");
                !of_phrase
            }
            Some(Plurality::One) => {
                let few = whole && digits.parse::<u64>().is_ok_and(|n| (2..20).contains(&n));
                let word_after = matches!(
                    self.lex(at + 2),
                    Some(Lex::Word(_) | Lex::Ordinal(_) | Lex::Number(_) | Lex::Other)
                );
                few && !word_after
            }
            Some(Plurality::Many) => whole,
            None => false,
        };
        if !fits {
            return (number, at + 1);
        }
        let weak = spanish && ordinal.value == 4 && ordinal.denominator == Some(Plurality::One);
        let bottom = Node::Number(ordinal.value.to_string());
        let fraction = Node::Fraction {
            top: Box::new(number),
            bottom: Box::new(bottom),
            weak,
        };
        (fraction, at + 2)
    }

    /// "f of x", "g de x": a function letter applied to an argument.
    fn applied(&self, letter: &str, at: usize, depth: u32) -> Parsed {
        let name = match letter {
            "f" => "f",
            "g" => "g",
            "h" => "h",
            _ => return None,
        };
        let of = matches!(self.lex(at + 1), Some(Lex::Word(w)) if is_of(w, self.language));
        if !of {
            return None;
        }
        let (argument, next) = self.argument(at + 1, depth)?;
        let argument = Box::new(argument);
        Some((
            Node::Function {
                name,
                base: None,
                power: None,
                argument,
            },
            next,
        ))
    }

    /// The base after a logarithm: "log base two", "logaritmo en base dos".
    fn log_base(&self, name: &str, at: usize, depth: u32) -> Parsed {
        if name != "\\log" {
            return None;
        }
        let word =
            |k: usize, expected: &str| matches!(self.lex(k), Some(Lex::Word(w)) if w == expected);
        let at = if word(at, "en") && word(at + 1, "base") {
            at + 2
        } else if word(at, "base") {
            at + 1
        } else {
            return None;
        };
        self.exponent_atom(at, depth)
    }

    /// "(" expression ")", closed at the end of the expression when the ")" is missing.
    fn group(&self, at: usize, depth: u32) -> Parsed {
        let (inner, next) = self.relation(at + 1, depth + 1)?;
        let next = if self.lex(next) == Some(&Lex::Close) {
            next + 1
        } else {
            next
        };
        Some((Node::Group(Box::new(inner)), next))
    }

    /// The argument of a function or root, after an optional "of"/"de": one product
    /// ("sine of two x", "square root of 16"), or a parenthesised expression.
    fn argument(&self, at: usize, depth: u32) -> Parsed {
        let of = matches!(self.lex(at), Some(Lex::Word(w)) if is_of(w, self.language));
        self.product(at + usize::from(of), depth + 1)
    }
}

/// One factor as itself, several as their product.
fn product_of(mut factors: Vec<Node>) -> Node {
    if factors.len() == 1 {
        factors.remove(0)
    } else {
        Node::Product(factors)
    }
}

/// A number, possibly signed.
fn is_plain_number(node: &Node) -> bool {
    match node {
        Node::Number(_) => true,
        Node::Negative(inner) => is_plain_number(inner),
        _ => false,
    }
}

/// Numbers combined by × and ÷ only ("6 \div 3 \times 2").
fn is_arithmetic(node: &Node) -> bool {
    match node {
        Node::Binary(left, "\\times" | "\\div", right) => {
            is_arithmetic(left) && is_arithmetic(right)
        }
        other => is_plain_number(other),
    }
}

#[cfg(test)]
mod tests {
    use super::super::lexer::lex;
    use super::*;

    /// The LaTeX of the expression starting at the first lexeme, and whether it is
    /// mathematics on its own.
    fn parse(text: &str, language: Language) -> Option<(String, bool)> {
        let lexemes = lex(text, language);
        let (node, _) = Parser::new(&lexemes, language).expression(0)?;
        Some((node.latex(), node.is_mathematics()))
    }

    fn en(text: &str) -> String {
        parse(text, Language::En)
            .map(|(latex, _)| latex)
            .unwrap_or_default()
    }

    fn es(text: &str) -> String {
        parse(text, Language::Es)
            .map(|(latex, _)| latex)
            .unwrap_or_default()
    }

    #[test]
    fn powers_bind_to_the_factor_before_them() {
        assert_eq!(en("x squared"), "x^2");
        assert_eq!(en("two x cubed"), "2x^3");
        assert_eq!(en("x to the power of 5"), "x^5");
        assert_eq!(en("x to the fifth"), "x^5");
        assert_eq!(en("x to the 5th power"), "x^5");
        assert_eq!(en("x to the power of ten"), "x^{10}");
        assert_eq!(en("x to the power of negative one"), "x^{-1}");
        assert_eq!(en("x^(n+1)"), "x^{n + 1}");
        assert_eq!(es("equis al cubo"), "x^3");
        assert_eq!(es("x elevado a cinco"), "x^5");
        assert_eq!(es("x a la quinta"), "x^5");
        assert_eq!(es("equis cuadrado"), "x^2");
        assert_eq!(es("x a la ene"), "x^n");
    }

    #[test]
    fn fractions_come_from_over_slash_and_denominator_words() {
        assert_eq!(en("two over three"), "\\frac{2}{3}");
        assert_eq!(en("2/3"), "\\frac{2}{3}");
        assert_eq!(en("a over b"), "\\frac{a}{b}");
        assert_eq!(en("x over 2"), "\\frac{x}{2}");
        assert_eq!(en("two x over three"), "\\frac{2x}{3}");
        assert_eq!(en("one half"), "\\frac{1}{2}");
        assert_eq!(en("three halves"), "\\frac{3}{2}");
        assert_eq!(en("two thirds"), "\\frac{2}{3}");
        assert_eq!(es("dos tercios"), "\\frac{2}{3}");
        assert_eq!(es("un medio"), "\\frac{1}{2}");
        assert_eq!(es("tres cuartos"), "\\frac{3}{4}");
        assert_eq!(es("dos quintos"), "\\frac{2}{5}");
        // "twenty-fifth" is a date, not twenty fifths.
        assert_eq!(en("twenty-fifth"), "20");
        assert_eq!(
            parse("un cuarto", Language::Es),
            Some(("\\frac{1}{4}".into(), false))
        );
        assert_eq!(es("un medio de transporte"), "1");
    }

    #[test]
    fn a_singular_denominator_after_a_number_is_a_fraction_without_its_plural_s() {
        assert_eq!(
            en("three half minus one third"),
            "\\frac{3}{2} - \\frac{1}{3}"
        );
        assert_eq!(en("two third"), "\\frac{2}{3}");
        assert_eq!(en("5 eighth"), "\\frac{5}{8}");
        assert_eq!(en("three quarter plus x"), "\\frac{3}{4} + x");
        assert_eq!(es("dos tercio más un medio"), "\\frac{2}{3} + \\frac{1}{2}");
        assert_eq!(es("tres medio"), "\\frac{3}{2}");
        // A word after it makes it an ordinal or a phrase; compound ordinals are dates.
        assert_eq!(en("two third graders"), "2");
        assert_eq!(en("three half marathons"), "3");
        assert_eq!(es("tres medio de transporte"), "3");
        assert_eq!(en("twenty-fifth"), "20");
        assert_eq!(en("one hundred and fifth"), "100");
        // "cuarto" is also "room": weak, as in "un cuarto".
        assert_eq!(
            parse("dos cuarto", Language::Es),
            Some(("\\frac{2}{4}".into(), false))
        );
    }

    #[test]
    fn division_is_div_between_numbers_and_a_fraction_otherwise() {
        assert_eq!(en("six divided by three"), "6 \\div 3");
        assert_eq!(es("seis entre tres"), "6 \\div 3");
        assert_eq!(en("6 ÷ 3 times 2"), "6 \\div 3 \\times 2");
        assert_eq!(en("x divided by two"), "\\frac{x}{2}");
    }

    #[test]
    fn multiplication_is_times() {
        assert_eq!(en("two times three"), "2 \\times 3");
        assert_eq!(en("2 × 3"), "2 \\times 3");
        assert_eq!(es("dos por tres"), "2 \\times 3");
        assert_eq!(en("four multiplied by x"), "4 \\times x");
    }

    #[test]
    fn roots_take_the_factor_after_them() {
        assert_eq!(en("the square root of 16"), "\\sqrt{16}");
        assert_eq!(en("square root of x"), "\\sqrt{x}");
        assert_eq!(en("square root of x plus one"), "\\sqrt{x} + 1");
        assert_eq!(
            en("the square root of open parenthesis x plus one close parenthesis"),
            "\\sqrt{x + 1}"
        );
        assert_eq!(en("√(x+1)"), "\\sqrt{x + 1}");
        assert_eq!(en("cube root of eight"), "\\sqrt[3]{8}");
        assert_eq!(es("la raíz cuadrada de dieciséis"), "\\sqrt{16}");
        assert_eq!(es("raíz cúbica de ocho"), "\\sqrt[3]{8}");
    }

    #[test]
    fn functions_wrap_their_argument_in_parentheses() {
        assert_eq!(en("sine of x"), "\\sin(x)");
        assert_eq!(en("sin x"), "\\sin(x)");
        assert_eq!(en("the cosine of two x"), "\\cos(2x)");
        assert_eq!(en("tan(x+1)"), "\\tan(x + 1)");
        assert_eq!(en("log of 100"), "\\log(100)");
        assert_eq!(en("natural log of x"), "\\ln(x)");
        assert_eq!(en("sine squared of x"), "\\sin^2(x)");
        assert_eq!(es("seno de x"), "\\sin(x)");
        assert_eq!(es("el coseno de equis"), "\\cos(x)");
        assert_eq!(es("tangente de x"), "\\tan(x)");
        assert_eq!(es("logaritmo de diez"), "\\log(10)");
        assert_eq!(en("log base two of eight"), "\\log_2(8)");
        assert_eq!(es("logaritmo en base diez de cien"), "\\log_{10}(100)");
        assert_eq!(en("f of x"), "f(x)");
        // A function with no argument is not mathematics.
        assert_eq!(parse("tangent line", Language::En), None);
    }

    #[test]
    fn relations_are_spaced_and_chain() {
        assert_eq!(en("x less than or equal to 4"), "x \\le 4");
        assert_eq!(en("y is greater than or equal to 1"), "y \\ge 1");
        assert_eq!(en("x is less than 2"), "x < 2");
        assert_eq!(en("x greater than 2"), "x > 2");
        assert_eq!(en("x is not equal to 0"), "x \\ne 0");
        assert_eq!(en("0 < x < 1"), "0 < x < 1");
        assert_eq!(es("x mayor que dos"), "x > 2");
        assert_eq!(es("x es menor o igual que tres"), "x \\le 3");
        assert_eq!(es("y es igual a dos x menos uno"), "y = 2x - 1");
        // A relation with nothing after it is left out.
        assert_eq!(en("x equals"), "x");
    }

    #[test]
    fn negatives_are_signs_at_the_start() {
        assert_eq!(
            parse("negative four", Language::En),
            Some(("-4".into(), true))
        );
        assert_eq!(en("minus 4"), "-4");
        assert_eq!(es("menos cuatro"), "-4");
        assert_eq!(en("x equals minus four"), "x = -4");
        assert_eq!(en("negative x squared"), "-x^2");
        assert_eq!(parse("minus minus minus 4", Language::En), None);
        assert_eq!(en("x equals plus or minus two"), "x = \\pm 2");
    }

    #[test]
    fn parentheses_group_and_all_squares_everything_before() {
        assert_eq!(
            en("open parenthesis x plus one close parenthesis squared"),
            "(x + 1)^2"
        );
        assert_eq!(
            es("abre paréntesis x más uno cierra paréntesis al cuadrado"),
            "(x + 1)^2"
        );
        assert_eq!(en("(x+1)"), "(x + 1)");
        assert_eq!(en("x plus one all squared"), "(x + 1)^2");
        assert_eq!(es("x más uno todo al cuadrado"), "(x + 1)^2");
        assert_eq!(en("x plus one all over two"), "\\frac{x + 1}{2}");
        assert_eq!(en("(x+1)(x-1)"), "(x + 1)(x - 1)");
        // A missing closing parenthesis is supplied.
        assert_eq!(en("open parenthesis x plus one"), "(x + 1)");
    }

    #[test]
    fn spanish_parentheses_may_be_said_with_an_article() {
        assert_eq!(
            es("abre el paréntesis equis más uno cierra el paréntesis al cuadrado"),
            "(x + 1)^2"
        );
        assert_eq!(
            es("abrir paréntesis x menos dos cerrar paréntesis"),
            "(x - 2)"
        );
        assert_eq!(
            es("se abre el paréntesis x más uno se cierra el paréntesis al cubo"),
            "(x + 1)^3"
        );
        assert_eq!(
            en("open the parenthesis x plus one close the parenthesis squared"),
            "(x + 1)^2"
        );
    }

    #[test]
    fn implicit_multiplication_juxtaposes_factors() {
        assert_eq!(en("3x"), "3x");
        assert_eq!(en("5 x"), "5x");
        assert_eq!(en("2xy"), "2xy");
        assert_eq!(en("pi r squared"), "\\pi r^2");
        assert_eq!(en("2 pi r"), "2\\pi r");
        assert_eq!(en("1/2x"), "\\frac{1}{2}x");
        assert_eq!(
            en("two x open parenthesis x plus one close parenthesis"),
            "2x(x + 1)"
        );
        // Numbers do not join what comes before them.
        assert_eq!(en("x 2"), "x");
        assert_eq!(parse("3x", Language::En), Some(("3x".into(), false)));
    }

    #[test]
    fn deep_nesting_gives_up_instead_of_overflowing() {
        let deep = "(".repeat(10_000) + "x";
        assert_eq!(parse(&deep, Language::En), None);
        let sines = "sine of ".repeat(5_000) + "x";
        assert_eq!(parse(&sines, Language::En), None);
    }
}
