//! Splitting a transcript into words, numbers, symbols and punctuation, each with the
//! byte range it came from so the message can keep the surrounding words untouched.

use crate::language::Language;
use crate::text::normalize::normalize;

/// What a piece of the transcript is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TokenKind {
    /// Letters; the text is lowercased and without accents ("Raíz" → "raiz").
    Word,
    /// Digits; the text has no thousands separators and "." as decimal point ("1000", "3.5").
    Number,
    /// A mathematical symbol, normalised: `+ - * ÷ / = < > ≤ ≥ ≠ ≈ ± ^ ( ) % √ ∛ ∜ π °`.
    Symbol(char),
    /// Superscript digits as plain text, with an optional leading minus ("2", "-1").
    Superscript,
    /// Sentence punctuation (`. , ? ! ; : ¿ ¡ …`).
    Punct,
    /// Anything else: emoji, quotes, currency signs.
    Other,
}

/// One piece of the transcript.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Its normalised text (see [`TokenKind`]).
    pub text: String,
    /// Byte offset of its first character in the transcript.
    pub start: usize,
    /// Byte offset just past its last character.
    pub end: usize,
    /// Whether it touches the previous token (no white space in between), as "x" in "3x".
    pub joined: bool,
}

/// The tokens of `text`, in order.
pub(crate) fn tokenize(text: &str, language: Language) -> Vec<Token> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let offset = |i: usize| chars.get(i).map_or(text.len(), |&(b, _)| b);
    let mut tokens: Vec<Token> = Vec::new();
    let mut i = 0;
    let mut spaced = true;
    while let Some(&(_, c)) = chars.get(i) {
        if c.is_whitespace() {
            spaced = true;
            i += 1;
            continue;
        }
        if c == '-' && joins_words(&tokens, &chars, i, spaced) {
            // "twenty-five", "well-known": the hyphen only separates two words.
            spaced = true;
            i += 1;
            continue;
        }
        let (kind, normalized, next) = if c.is_ascii_digit() {
            number(&chars, i, language)
        } else if let Some((digits, next)) = superscript(&chars, i) {
            (TokenKind::Superscript, digits, next)
        } else if let Some((symbol, next)) = symbol(&chars, i) {
            (TokenKind::Symbol(symbol), symbol.to_string(), next)
        } else if let Some((chain, next)) = is_letter(c).then(|| word_chain(&chars, i)).flatten() {
            (TokenKind::Word, chain, next)
        } else if is_letter(c) {
            word(&chars, i)
        } else if is_punctuation(c) {
            (TokenKind::Punct, c.to_string(), i + 1)
        } else {
            (TokenKind::Other, c.to_string(), i + 1)
        };
        tokens.push(Token {
            kind,
            text: normalized,
            start: offset(i),
            end: offset(next),
            joined: !spaced,
        });
        spaced = false;
        i = next;
    }
    tokens
}

/// Letters of words; π is a symbol even though Unicode calls it a letter.
fn is_letter(c: char) -> bool {
    c.is_alphabetic() && c != 'π'
}

fn is_punctuation(c: char) -> bool {
    matches!(c, '.' | ',' | '?' | '!' | ';' | ':' | '¿' | '¡' | '…' | '—')
}

/// Whether the hyphen at `i` sits between a word of two or more letters and the next
/// word or number, with no space around it (so it is not a minus).
fn joins_words(tokens: &[Token], chars: &[(usize, char)], i: usize, spaced: bool) -> bool {
    let after = chars
        .get(i + 1)
        .is_some_and(|&(_, c)| is_letter(c) || c.is_ascii_digit());
    let before = tokens
        .last()
        .is_some_and(|t| t.kind == TokenKind::Word && t.text.chars().count() >= 2);
    !spaced && before && after
}

/// Letters joined by hyphens with no space that spell one word rather than a
/// subtraction: three or more single letters ("A-A-S-P", "X-Y-Z"), or single letters
/// with a word of two or more letters ("T-shirt", "e-mail", "U-turn"). The whole chain
/// is one word token, its normalised segments joined by "-" ("t-shirt"). A compact
/// formula with two short operands ("x-1", "a-b") is not a chain; chains of words only
/// ("twenty-five", "COVID-19") are left to [`joins_words`].
fn word_chain(chars: &[(usize, char)], from: usize) -> Option<(String, usize)> {
    let alnum = |i: usize| {
        chars
            .get(i)
            .is_some_and(|&(_, c)| is_letter(c) || c.is_ascii_digit())
    };
    let mut segments: Vec<String> = Vec::new();
    let mut i = from;
    loop {
        let mut raw = String::new();
        let start = i;
        while let Some(&(_, c)) = chars.get(i) {
            let apostrophe = matches!(c, '\'' | '’')
                && i > start
                && chars.get(i + 1).is_some_and(|&(_, n)| is_letter(n));
            if !(is_letter(c) || c.is_ascii_digit() || apostrophe) {
                break;
            }
            if !apostrophe {
                raw.push(c);
            }
            i += 1;
        }
        segments.push(raw);
        if chars.get(i).is_some_and(|&(_, c)| c == '-') && alnum(i + 1) {
            i += 1;
        } else {
            break;
        }
    }
    let letters = |s: &String| s.chars().all(is_letter);
    let single = |s: &String| letters(s) && s.chars().count() == 1;
    let multi = |s: &String| letters(s) && s.chars().count() >= 2;
    let spelled = segments.len() >= 3 && segments.iter().all(single);
    let compound = segments.iter().any(single) && segments.iter().any(multi);
    (spelled || compound).then(|| {
        let normalized: Vec<String> = segments
            .iter()
            .map(|s| normalize(s).replace(' ', ""))
            .collect();
        (normalized.join("-"), i)
    })
}

fn word(chars: &[(usize, char)], from: usize) -> (TokenKind, String, usize) {
    let mut i = from;
    let mut raw = String::new();
    while let Some(&(_, c)) = chars.get(i) {
        let apostrophe = matches!(c, '\'' | '’')
            && chars.get(i + 1).is_some_and(|&(_, n)| is_letter(n))
            && i > from;
        if !(is_letter(c) || apostrophe) {
            break;
        }
        if !apostrophe {
            raw.push(c);
        }
        i += 1;
    }
    let normalized = normalize(&raw).replace(' ', "");
    (TokenKind::Word, normalized, i)
}

/// Digits with thousands separators and one decimal mark. English: "1,000" and "3.5";
/// Spanish: "1.000" or "1,000" (three digits after the mark) and "3,5" or "3.5".
fn number(chars: &[(usize, char)], from: usize, language: Language) -> (TokenKind, String, usize) {
    let digits_from = |at: usize| {
        chars[at.min(chars.len())..]
            .iter()
            .take_while(|(_, c)| c.is_ascii_digit())
            .count()
    };
    let mut text = String::new();
    let mut i = from;
    let run = digits_from(i);
    text.extend(chars[i..i + run].iter().map(|&(_, c)| c));
    i += run;
    let mut decimal = false;
    while let Some(&(_, mark)) = chars.get(i) {
        if mark != ',' && mark != '.' {
            break;
        }
        let run = digits_from(i + 1);
        if run == 0 {
            break;
        }
        let grouping = run == 3
            && !decimal
            && match language {
                Language::En => mark == ',',
                Language::Es => true,
            };
        let decimal_mark = !decimal
            && match language {
                Language::En => mark == '.',
                Language::Es => true,
            };
        if !grouping && !decimal_mark {
            break;
        }
        if !grouping {
            decimal = true;
            text.push('.');
        }
        text.extend(chars[i + 1..i + 1 + run].iter().map(|&(_, c)| c));
        i += 1 + run;
    }
    (TokenKind::Number, text, i)
}

fn superscript_digit(c: char) -> Option<char> {
    let digit = match c {
        '⁰' => '0',
        '¹' => '1',
        '²' => '2',
        '³' => '3',
        '⁴' => '4',
        '⁵' => '5',
        '⁶' => '6',
        '⁷' => '7',
        '⁸' => '8',
        '⁹' => '9',
        _ => return None,
    };
    Some(digit)
}

fn superscript(chars: &[(usize, char)], from: usize) -> Option<(String, usize)> {
    let mut i = from;
    let mut text = String::new();
    if chars.get(i).is_some_and(|&(_, c)| c == '⁻') {
        text.push('-');
        i += 1;
    }
    while let Some(d) = chars.get(i).and_then(|&(_, c)| superscript_digit(c)) {
        text.push(d);
        i += 1;
    }
    (text.chars().any(|c| c.is_ascii_digit())).then_some((text, i))
}

/// The symbol at `i` (one or two characters: "<=", ">=", "!=", "**") and where it ends.
fn symbol(chars: &[(usize, char)], i: usize) -> Option<(char, usize)> {
    let c = chars.get(i)?.1;
    let next = chars.get(i + 1).map(|&(_, n)| n);
    let pair = match (c, next) {
        ('<', Some('=')) => Some('≤'),
        ('>', Some('=')) => Some('≥'),
        ('!', Some('=')) => Some('≠'),
        ('=', Some('=')) => Some('='),
        ('*', Some('*')) => Some('^'),
        _ => None,
    };
    if let Some(symbol) = pair {
        return Some((symbol, i + 2));
    }
    let single = match c {
        '+' => '+',
        '-' | '−' | '–' => '-',
        '*' | '×' | '·' | '⋅' | '∙' => '*',
        '÷' => '÷',
        '/' | '∕' => '/',
        '=' => '=',
        '<' => '<',
        '>' => '>',
        '≤' | '⩽' => '≤',
        '≥' | '⩾' => '≥',
        '≠' => '≠',
        '≈' => '≈',
        '±' => '±',
        '^' => '^',
        '(' | '[' => '(',
        ')' | ']' => ')',
        '%' => '%',
        '√' => '√',
        '∛' => '∛',
        '∜' => '∜',
        'π' => 'π',
        '°' | 'º' => '°',
        _ => return None,
    };
    Some((single, i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str, language: Language) -> Vec<(TokenKind, String)> {
        tokenize(text, language)
            .into_iter()
            .map(|t| (t.kind, t.text))
            .collect()
    }

    fn texts(text: &str) -> Vec<String> {
        tokenize(text, Language::En)
            .into_iter()
            .map(|t| t.text)
            .collect()
    }

    #[test]
    fn unicode_symbols_are_read_as_mathematics() {
        assert_eq!(texts("x² + 3x = 10"), ["x", "2", "+", "3", "x", "=", "10"]);
        assert_eq!(
            texts("√16 × π ÷ 2 − 1"),
            ["√", "16", "*", "π", "÷", "2", "-", "1"]
        );
        assert_eq!(
            texts("x ≤ 4, y≥1, x<=2, x!=0"),
            ["x", "≤", "4", ",", "y", "≥", "1", ",", "x", "≤", "2", ",", "x", "≠", "0"]
        );
        assert_eq!(
            kinds("x⁻¹", Language::En)[1],
            (TokenKind::Superscript, "-1".into())
        );
        assert_eq!(texts("2πr"), ["2", "π", "r"]);
    }

    #[test]
    fn punctuation_and_case_are_separated_from_words() {
        let tokens = kinds("X squared, Raíz?", Language::Es);
        assert_eq!(
            tokens,
            [
                (TokenKind::Word, "x".into()),
                (TokenKind::Word, "squared".into()),
                (TokenKind::Punct, ",".into()),
                (TokenKind::Word, "raiz".into()),
                (TokenKind::Punct, "?".into()),
            ]
        );
        assert_eq!(texts("10."), ["10", "."]);
        assert_eq!(texts("what's x"), ["whats", "x"]);
    }

    #[test]
    fn numbers_keep_their_decimal_point_and_drop_grouping() {
        assert_eq!(texts("1,000 and 3.5"), ["1000", "and", "3.5"]);
        assert_eq!(texts("1, 2"), ["1", ",", "2"]);
        let es = |t| {
            kinds(t, Language::Es)
                .into_iter()
                .map(|(_, s)| s)
                .collect::<Vec<_>>()
        };
        assert_eq!(es("3,5 y 1.000 y 2.5"), ["3.5", "y", "1000", "y", "2.5"]);
    }

    #[test]
    fn hyphens_join_words_but_subtract_letters_and_numbers() {
        assert_eq!(texts("twenty-five"), ["twenty", "five"]);
        assert_eq!(texts("x-1"), ["x", "-", "1"]);
        assert_eq!(texts("10-3"), ["10", "-", "3"]);
        assert_eq!(texts("COVID-19"), ["covid", "19"]);
    }

    #[test]
    fn hyphenated_letter_chains_are_one_word() {
        assert_eq!(texts("A-A-S-P"), ["a-a-s-p"]);
        assert_eq!(texts("X-Y-Z."), ["x-y-z", "."]);
        assert_eq!(texts("a T-shirt"), ["a", "t-shirt"]);
        assert_eq!(texts("e-mail"), ["e-mail"]);
        assert_eq!(texts("U-turn"), ["u-turn"]);
        let es: Vec<String> = tokenize("El A-A-S-P-O-R-A-U-A-M-O.", Language::Es)
            .into_iter()
            .map(|t| t.text)
            .collect();
        assert_eq!(es, ["el", "a-a-s-p-o-r-a-u-a-m-o", "."]);
        // Compact formulas with two operands stay maths.
        assert_eq!(texts("x-1"), ["x", "-", "1"]);
        assert_eq!(texts("2x-3"), ["2", "x", "-", "3"]);
        assert_eq!(texts("a-b"), ["a", "-", "b"]);
        assert_eq!(texts("x-y-1"), ["x", "-", "y", "-", "1"]);
    }

    #[test]
    fn offsets_and_joins_point_back_into_the_transcript() {
        let text = "¿es 3x? 🙂";
        let tokens = tokenize(text, Language::Es);
        let pieces: Vec<&str> = tokens.iter().map(|t| &text[t.start..t.end]).collect();
        assert_eq!(pieces, ["¿", "es", "3", "x", "?", "🙂"]);
        assert!(tokens[3].joined && !tokens[2].joined);
        assert_eq!(tokens[5].kind, TokenKind::Other);
    }
}
