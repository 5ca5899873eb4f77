//! From tokens to lexemes: number words gathered into numbers, phrases looked up in the
//! lexicon, letters made variables, and the letters that are also ordinary words ("a",
//! Spanish "y") kept as words unless an operator stands next to them.

use super::lexicon::{self, is_ambiguous_letter, Meaning, MAX_PHRASE_WORDS};
use super::numbers::{self, Ordinal};
use super::tokens::{tokenize, Token, TokenKind};
use crate::language::Language;

/// What a lexeme is to the parser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Lex {
    /// A number in digits ("25", "3.5").
    Number(String),
    /// A variable as LaTeX; `ambiguous` while it may still be an ordinary word.
    Variable {
        /// The LaTeX ("x", "\theta").
        latex: String,
        /// "a", Spanish "y"…: decided by [`resolve_ambiguous`].
        ambiguous: bool,
    },
    /// A constant as LaTeX ("\pi").
    Constant(&'static str),
    /// "+".
    Plus,
    /// "−", binary or sign.
    Minus,
    /// "±".
    PlusMinus,
    /// A sign only ("negative").
    Negative,
    /// "×".
    Times,
    /// "÷".
    Divide,
    /// A fraction bar; `slash` for a written "/", whose denominator is a single factor.
    Over {
        /// Written "/" rather than spoken "over".
        slash: bool,
    },
    /// A relation as LaTeX.
    Relation(&'static str),
    /// A known exponent ("squared" → "2", "⁻¹" → "-1").
    Power(String),
    /// An exponent follows ("^", "to the power of").
    PowerOf,
    /// An ordinal word ("fifth", "tercios", "5th").
    Ordinal(Ordinal),
    /// "all" / "todo" before a power.
    All,
    /// A function as LaTeX ("\sin").
    Function(&'static str),
    /// A root of that index.
    Root(u32),
    /// "(".
    Open,
    /// ")".
    Close,
    /// "%".
    Percent,
    /// "°".
    Degrees,
    /// "the fraction", "la variable".
    Cue,
    /// Any other word (normalised).
    Word(String),
    /// Sentence punctuation (the character: `.`, `,`, `?`…).
    Punct(char),
    /// Anything else.
    Other,
}

/// A lexeme and the bytes of the transcript it covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Lexeme {
    /// What it is.
    pub lex: Lex,
    /// Byte offset where it starts.
    pub start: usize,
    /// Byte offset just past its end.
    pub end: usize,
}

/// The lexemes of `text`.
pub(crate) fn lex(text: &str, language: Language) -> Vec<Lexeme> {
    let tokens = tokenize(text, language);
    let mut out: Vec<Lexeme> = Vec::with_capacity(tokens.len());
    let mut t = 0;
    while let Some(token) = tokens.get(t) {
        let (lexes, used) = match token.kind {
            TokenKind::Word => word(&tokens, t, language, out.last().map(|l| &l.lex)),
            TokenKind::Number => number(&tokens, t, language),
            TokenKind::Superscript => (vec![Lex::Power(token.text.clone())], 1),
            TokenKind::Symbol(c) => (vec![symbol(c)], 1),
            TokenKind::Punct => (vec![punct(&token.text)], 1),
            TokenKind::Other => (vec![Lex::Other], 1),
        };
        let used = used.max(1);
        let end = tokens.get(t + used - 1).map_or(token.end, |last| last.end);
        if lexes.len() == 1 {
            out.extend(lexes.into_iter().map(|lex| Lexeme {
                lex,
                start: token.start,
                end,
            }));
        } else {
            // Fused letters ("3xy"): one lexeme per ASCII letter.
            out.extend(lexes.into_iter().enumerate().map(|(k, lex)| Lexeme {
                lex,
                start: token.start + k,
                end: token.start + k + 1,
            }));
        }
        t += used;
    }
    resolve_ambiguous(&mut out, language);
    x_between_numbers(&mut out);
    ranges(&mut out);
    pauses_in_groups(&mut out);
    out
}

fn punct(text: &str) -> Lex {
    Lex::Punct(text.chars().next().unwrap_or('.'))
}

impl Lex {
    /// A pause a recogniser writes in the middle of spoken mathematics: `.` `,` `;` `…`
    /// (not `?` or `!`, which end a question or an exclamation).
    pub(crate) fn is_pause(&self) -> bool {
        matches!(self, Lex::Punct('.' | ',' | ';' | '…'))
    }
}

fn symbol(c: char) -> Lex {
    match c {
        '+' => Lex::Plus,
        '-' => Lex::Minus,
        '*' => Lex::Times,
        '÷' => Lex::Divide,
        '/' => Lex::Over { slash: true },
        '=' => Lex::Relation("="),
        '<' => Lex::Relation("<"),
        '>' => Lex::Relation(">"),
        '≤' => Lex::Relation("\\le"),
        '≥' => Lex::Relation("\\ge"),
        '≠' => Lex::Relation("\\ne"),
        '≈' => Lex::Relation("\\approx"),
        '±' => Lex::PlusMinus,
        '^' => Lex::PowerOf,
        '(' => Lex::Open,
        ')' => Lex::Close,
        '%' => Lex::Percent,
        '√' => Lex::Root(2),
        '∛' => Lex::Root(3),
        '∜' => Lex::Root(4),
        'π' => Lex::Constant("\\pi"),
        '°' => Lex::Degrees,
        _ => Lex::Other,
    }
}

/// The normalised words of the run of word tokens starting at `t` (at most `max`).
fn words_from(tokens: &[Token], t: usize, max: usize) -> Vec<&str> {
    tokens
        .get(t..)
        .unwrap_or_default()
        .iter()
        .take(max)
        .take_while(|tok| tok.kind == TokenKind::Word)
        .map(|tok| tok.text.as_str())
        .collect()
}

fn word(
    tokens: &[Token],
    t: usize,
    language: Language,
    previous: Option<&Lex>,
) -> (Vec<Lex>, usize) {
    let Some(token) = tokens.get(t) else {
        return (vec![Lex::Other], 1);
    };
    let text = token.text.as_str();
    let after_digits = token.joined
        && token.end - token.start == text.len()
        && t > 0
        && tokens
            .get(t - 1)
            .is_some_and(|p| p.kind == TokenKind::Number);
    if after_digits {
        if let Some(fused) = fused_letters(text, language) {
            return (fused, 1);
        }
    }
    let words = words_from(tokens, t, MAX_PHRASE_WORDS.max(12));
    // Phrases of two words or more first ("is less than", "a la", "i griega").
    for n in (2..=MAX_PHRASE_WORDS.min(words.len())).rev() {
        if let Some(meaning) = lexicon::meaning(&words[..n].join(" "), language) {
            return (vec![from_meaning(meaning, text, previous)], n);
        }
    }
    if let Some((value, used)) = numbers::read(&words, language) {
        let (number, decimals) = with_decimals(value.to_string(), tokens, t + used, language);
        return (vec![number], used + decimals);
    }
    if let Some(meaning) = lexicon::meaning(text, language) {
        return (vec![from_meaning(meaning, text, previous)], 1);
    }
    if let Some(ordinal) = numbers::ordinal(text, language) {
        return (vec![Lex::Ordinal(ordinal)], 1);
    }
    let mut letters = text.chars();
    if let (Some(letter), None) = (letters.next(), letters.next()) {
        if letter.is_alphabetic() {
            return (
                vec![Lex::Variable {
                    latex: letter.to_string(),
                    ambiguous: is_ambiguous_letter(text, language),
                }],
                1,
            );
        }
    }
    (vec![Lex::Word(text.to_string())], 1)
}

/// Letters written against a number ("3x", "2xy") as variables, unless they spell a
/// word of their own ("2pi", "5th").
fn fused_letters(text: &str, language: Language) -> Option<Vec<Lex>> {
    let known = lexicon::meaning(text, language).is_some()
        || numbers::ordinal(text, language).is_some()
        || numbers::is_ordinal_ending(text);
    let short = (1..=3).contains(&text.len()) && text.chars().all(|c| c.is_ascii_lowercase());
    (short && !known).then(|| {
        text.chars()
            .map(|c| Lex::Variable {
                latex: c.to_string(),
                ambiguous: false,
            })
            .collect()
    })
}

fn from_meaning(meaning: Meaning, text: &str, previous: Option<&Lex>) -> Lex {
    match meaning {
        Meaning::Plus => Lex::Plus,
        Meaning::Minus => Lex::Minus,
        Meaning::PlusMinus => Lex::PlusMinus,
        Meaning::Negative => Lex::Negative,
        Meaning::Times => Lex::Times,
        Meaning::Divide => Lex::Divide,
        Meaning::Over => Lex::Over { slash: false },
        Meaning::Relation(latex) => Lex::Relation(latex),
        Meaning::Power(n) => Lex::Power(n.to_string()),
        Meaning::BarePower(n) => match previous {
            Some(Lex::Variable { .. } | Lex::Close) => Lex::Power(n.to_string()),
            _ => Lex::Word(text.to_string()),
        },
        Meaning::PowerOf => Lex::PowerOf,
        Meaning::All => Lex::All,
        Meaning::Function(latex) => Lex::Function(latex),
        Meaning::Root(index) => Lex::Root(index),
        Meaning::Open => Lex::Open,
        Meaning::Close => Lex::Close,
        Meaning::Percent => Lex::Percent,
        Meaning::Degrees => Lex::Degrees,
        Meaning::Constant(latex) => Lex::Constant(latex),
        Meaning::Variable(latex) => Lex::Variable {
            latex: latex.to_string(),
            ambiguous: false,
        },
        Meaning::Cue => Lex::Cue,
        Meaning::Point | Meaning::Text => Lex::Word(text.to_string()),
    }
}

fn is_point(token: Option<&Token>, language: Language) -> bool {
    token.is_some_and(|t| {
        t.kind == TokenKind::Word && lexicon::meaning(&t.text, language) == Some(Meaning::Point)
    })
}

/// The number `digits`, whose integer part ended before token `t`, with the decimals
/// said after "point"/"coma" ("three point one four" → 3.14, "tres coma cinco" → 3.5),
/// and how many tokens from `t` the decimals took.
fn with_decimals(
    mut digits: String,
    tokens: &[Token],
    t: usize,
    language: Language,
) -> (Lex, usize) {
    if !is_point(tokens.get(t), language) {
        return (Lex::Number(digits), 0);
    }
    let mut decimals = String::new();
    let mut next = t + 1;
    loop {
        match tokens.get(next) {
            Some(tok) if tok.kind == TokenKind::Number => {
                if decimals.is_empty() && tok.text.chars().all(|c| c.is_ascii_digit()) {
                    decimals.push_str(&tok.text);
                    next += 1;
                }
                break;
            }
            Some(tok) if tok.kind == TokenKind::Word => {
                if let Some(d) = numbers::digit(&tok.text, language) {
                    decimals.push_str(&d.to_string());
                    next += 1;
                    continue;
                }
                let words = words_from(tokens, next, 12);
                if let (true, Some((value, used))) =
                    (decimals.is_empty(), numbers::read(&words, language))
                {
                    decimals.push_str(&value.to_string());
                    next += used;
                }
                break;
            }
            _ => break,
        }
    }
    if decimals.is_empty() {
        return (Lex::Number(digits), 0);
    }
    digits.push('.');
    digits.push_str(&decimals);
    (Lex::Number(digits), next - t)
}

fn number(tokens: &[Token], t: usize, language: Language) -> (Vec<Lex>, usize) {
    let Some(token) = tokens.get(t) else {
        return (vec![Lex::Other], 1);
    };
    // "5th" as in "to the 5th".
    let suffix = tokens
        .get(t + 1)
        .filter(|n| n.joined && n.kind == TokenKind::Word)
        .is_some_and(|n| numbers::is_ordinal_ending(&n.text));
    if suffix {
        if let Ok(value) = token.text.parse::<u64>() {
            let ordinal = Ordinal {
                value,
                denominator: None,
                power: true,
            };
            return (vec![Lex::Ordinal(ordinal)], 2);
        }
    }
    if token.text.contains('.') {
        return (vec![Lex::Number(token.text.clone())], 1);
    }
    let (number, used) = with_decimals(token.text.clone(), tokens, t + 1, language);
    (vec![number], used + 1)
}

fn is_operator(lex: &Lex) -> bool {
    matches!(
        lex,
        Lex::Plus
            | Lex::Minus
            | Lex::PlusMinus
            | Lex::Times
            | Lex::Divide
            | Lex::Over { .. }
            | Lex::Relation(_)
    )
}

/// Keeps an ambiguous letter as a variable only when an operator, relation or power
/// follows it ("a over b", "y es igual a…"), when one precedes it and nothing but
/// punctuation follows ("x plus a."), or, in English, when it is a factor between
/// numbers and letters ("four a c"); otherwise it is a word ("three times a day",
/// "x y y").
fn resolve_ambiguous(lexemes: &mut [Lexeme], language: Language) {
    for k in 0..lexemes.len() {
        let Lex::Variable {
            latex,
            ambiguous: true,
        } = &lexemes[k].lex
        else {
            continue;
        };
        let next = lexemes.get(k + 1).map(|l| &l.lex);
        let previous = k.checked_sub(1).map(|p| &lexemes[p].lex);
        let before_operator = next.is_some_and(|n| {
            is_operator(n) || matches!(n, Lex::Power(_) | Lex::PowerOf | Lex::Close)
        });
        let ends = next.is_none_or(|n| matches!(n, Lex::Punct(_) | Lex::Other | Lex::Close));
        let after_operator = ends
            && previous.is_some_and(|p| {
                is_operator(p) || matches!(p, Lex::Open | Lex::Negative | Lex::PowerOf | Lex::Cue)
            });
        // English "four a c", "two a": a factor after a number or letter.
        let letter = |l: &Lex| {
            matches!(
                l,
                Lex::Variable {
                    ambiguous: false,
                    ..
                }
            )
        };
        let factor = language == Language::En
            && previous.is_some_and(|p| letter(p) || matches!(p, Lex::Number(_)))
            && next.is_none_or(|n| letter(n) || matches!(n, Lex::Punct(_) | Lex::Close));
        lexemes[k].lex = if before_operator || after_operator || factor {
            Lex::Variable {
                latex: latex.clone(),
                ambiguous: false,
            }
        } else {
            Lex::Word(latex.clone())
        };
    }
}

/// "3 x 4", with spaces on both sides, is a product, not 3x followed by 4.
fn x_between_numbers(lexemes: &mut [Lexeme]) {
    for k in 1..lexemes.len().saturating_sub(1) {
        let (before, after) = (&lexemes[k - 1], &lexemes[k + 1]);
        let here = &lexemes[k];
        let is_x = matches!(&here.lex, Lex::Variable { latex, .. } if latex == "x");
        let spaced = before.end < here.start && here.end < after.start;
        let numbers = matches!(before.lex, Lex::Number(_)) && matches!(after.lex, Lex::Number(_));
        if is_x && spaced && numbers {
            lexemes[k].lex = Lex::Times;
        }
    }
}

/// A pause inside an open parenthesis, before what continues the group (a closing
/// parenthesis, an operator, a relation or a power), is not the end of the mathematics:
/// "Open parentheses x plus 1. Close parentheses squared." is `(x + 1)^2`. Such pauses are
/// dropped.
fn pauses_in_groups(lexemes: &mut Vec<Lexeme>) {
    // Whether the first lexeme after each one that is not a pause continues a group.
    let mut continued = vec![false; lexemes.len()];
    let mut next_continues = false;
    for (k, lexeme) in lexemes.iter().enumerate().rev() {
        continued[k] = next_continues;
        if !lexeme.lex.is_pause() {
            next_continues = is_operator(&lexeme.lex)
                || matches!(
                    lexeme.lex,
                    Lex::Close | Lex::Power(_) | Lex::PowerOf | Lex::All
                );
        }
    }
    let mut depth = 0usize;
    let mut dropped = vec![false; lexemes.len()];
    for (k, lexeme) in lexemes.iter().enumerate() {
        match lexeme.lex {
            Lex::Open => depth += 1,
            Lex::Close => depth = depth.saturating_sub(1),
            _ => dropped[k] = depth > 0 && lexeme.lex.is_pause() && continued[k],
        }
    }
    let mut keep = dropped.into_iter().map(|d| !d);
    lexemes.retain(|_| keep.next().unwrap_or(true));
}

/// "2-3 hours", written without spaces and followed by a word, is a range, not a
/// subtraction.
fn ranges(lexemes: &mut [Lexeme]) {
    for k in 1..lexemes.len().saturating_sub(2) {
        let (before, here) = (&lexemes[k - 1], &lexemes[k]);
        let (after, then) = (&lexemes[k + 1], &lexemes[k + 2]);
        let tight = before.end == here.start && here.end == after.start;
        let numbers = matches!(before.lex, Lex::Number(_)) && matches!(after.lex, Lex::Number(_));
        if here.lex == Lex::Minus && tight && numbers && matches!(then.lex, Lex::Word(_)) {
            lexemes[k].lex = Lex::Word("-".to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str, language: Language) -> Vec<Lex> {
        lex(text, language).into_iter().map(|l| l.lex).collect()
    }

    fn var(x: &str) -> Lex {
        Lex::Variable {
            latex: x.into(),
            ambiguous: false,
        }
    }

    fn num(n: &str) -> Lex {
        Lex::Number(n.into())
    }

    #[test]
    fn number_words_and_decimals_become_single_numbers() {
        assert_eq!(kinds("twenty-five", Language::En), [num("25")]);
        assert_eq!(kinds("three point one four", Language::En), [num("3.14")]);
        assert_eq!(kinds("3 point 5", Language::En), [num("3.5")]);
        assert_eq!(kinds("tres coma cinco", Language::Es), [num("3.5")]);
        assert_eq!(kinds("tres punto cero cinco", Language::Es), [num("3.05")]);
        // A point with no digits after it is a word.
        assert_eq!(
            kinds("three point", Language::En),
            [num("3"), Lex::Word("point".into())]
        );
    }

    #[test]
    fn phrases_are_matched_longest_first() {
        assert_eq!(
            kinds("is less than or equal to", Language::En),
            [Lex::Relation("\\le")]
        );
        assert_eq!(
            kinds("es menor o igual que", Language::Es),
            [Lex::Relation("\\le")]
        );
        assert_eq!(kinds("x a la quinta", Language::Es)[1], Lex::PowerOf);
        assert_eq!(
            kinds("dos por ciento", Language::Es),
            [num("2"), Lex::Percent]
        );
    }

    #[test]
    fn fused_letters_and_ordinal_suffixes_are_split() {
        assert_eq!(kinds("3x", Language::En), [num("3"), var("x")]);
        assert_eq!(kinds("2xy", Language::En), [num("2"), var("x"), var("y")]);
        assert_eq!(
            kinds("2pi", Language::En),
            [num("2"), Lex::Constant("\\pi")]
        );
        assert_eq!(
            kinds("3 x 4", Language::En),
            [num("3"), Lex::Times, num("4")]
        );
        assert_eq!(kinds("3 x", Language::En), [num("3"), var("x")]);
        assert_eq!(kinds("2-3 hours", Language::En)[1], Lex::Word("-".into()));
        assert_eq!(kinds("10-3 = 7", Language::En)[1], Lex::Minus);
        let fifth = Ordinal {
            value: 5,
            denominator: None,
            power: true,
        };
        assert_eq!(kinds("5th", Language::En), [Lex::Ordinal(fifth)]);
    }

    #[test]
    fn spanish_articles_and_conjunctions_are_not_variables() {
        let words = |text| kinds(text, Language::Es);
        assert_eq!(words("x y y")[1], Lex::Word("y".into()));
        assert_eq!(words("dos y tres")[1], Lex::Word("y".into()));
        assert_eq!(words("voy a casa")[1], Lex::Word("a".into()));
        assert_eq!(words("y es igual a dos")[0], var("y"));
        assert_eq!(words("x más y")[2], var("y"));
        assert_eq!(words("a más b")[0], var("a"));
        assert_eq!(
            kinds("three times a day", Language::En)[2],
            Lex::Word("a".into())
        );
        assert_eq!(kinds("a over b", Language::En)[0], var("a"));
        assert_eq!(kinds("four a c", Language::En)[1], var("a"));
        assert_eq!(kinds("dos y x", Language::Es)[1], Lex::Word("y".into()));
    }

    #[test]
    fn a_pause_inside_an_open_group_before_what_continues_it_is_dropped() {
        let en = |text| kinds(text, Language::En);
        assert_eq!(
            en("Open parentheses x plus 1. Close parentheses squared."),
            [
                Lex::Open,
                var("x"),
                Lex::Plus,
                num("1"),
                Lex::Close,
                Lex::Power("2".into()),
                Lex::Punct('.'),
            ]
        );
        assert_eq!(en("(x plus 1, ... minus 2)")[4], Lex::Minus);
        // Outside a group, or before a word, the pause stays.
        assert_eq!(en("x plus 1. Close parenthesis")[3], Lex::Punct('.'));
        assert_eq!(en("(x plus 1. I think")[4], Lex::Punct('.'));
        assert_eq!(en("(x plus 1? Close parenthesis")[4], Lex::Punct('?'));
    }

    #[test]
    fn spans_cover_the_words_of_each_lexeme() {
        let text = "What is the square root of 16?";
        let pieces: Vec<&str> = lex(text, Language::En)
            .iter()
            .map(|l| &text[l.start..l.end])
            .collect();
        assert_eq!(pieces, ["What", "is", "the square root", "of", "16", "?"]);
    }
}
