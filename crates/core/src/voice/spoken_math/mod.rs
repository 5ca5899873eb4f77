//! Spoken mathematics, as a speech recogniser transcribes it, turned into LaTeX —
//! deterministically, in English and Spanish: "x squared plus three x equals ten",
//! "X squared plus 3x equals 10." and "x² + 3x = 10" all become `x^2 + 3x = 10`.
//!
//! The transcript is split into tokens (`tokens`), gathered into lexemes with the
//! number words (`numbers`) and the mathematical words and phrases (`lexicon`,
//! `lexer`), and read by a precedence parser (`parser`) into a tree that prints as
//! canonical LaTeX (`latex`). A stretch counts as mathematics only when it has an
//! operator, relation, power, fraction, root, function, sign or cue ("the fraction …"),
//! so "I have 3 questions" stays text.

mod latex;
mod lexer;
mod lexicon;
mod numbers;
mod parser;
#[cfg(test)]
mod properties;
mod tokens;

use crate::language::Language;
use lexer::{lex, Lex, Lexeme};
use parser::Parser;

/// What a transcript says, with the mathematics in it written as LaTeX.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SpokenMath {
    /// The message to send: the transcript with each mathematical stretch replaced by `$…$`
    /// (e.g. "is $x^2 + 3x = 10$ right?"); when the whole utterance is mathematics, just
    /// that formula between dollars (sentence punctuation dropped).
    pub message: String,
    /// The LaTeX of the mathematics heard (stretches joined by ", " when there are several); None when there is none.
    pub latex: Option<String>,
}

/// Turns a transcript into a message and the LaTeX of the mathematics in it.
pub fn detect(transcript: &str, language: Language) -> SpokenMath {
    let text = transcript.trim();
    let mut lexemes = lex(text, language);
    let mut found = stretches(&lexemes, language);
    if join_powers_after_pauses(&mut lexemes, &found) {
        found = stretches(&lexemes, language);
    }
    let stretches = found;
    if stretches.is_empty() {
        return SpokenMath {
            message: text.to_string(),
            latex: None,
        };
    }
    let latex = stretches
        .iter()
        .map(|s| s.latex.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let whole = match stretches.as_slice() {
        [only] => lexemes
            .iter()
            .enumerate()
            .all(|(k, l)| (only.first..only.end).contains(&k) || matches!(l.lex, Lex::Punct(_))),
        _ => false,
    };
    let message = if whole {
        format!("${latex}$")
    } else {
        splice(text, &lexemes, &stretches)
    };
    SpokenMath {
        message,
        latex: Some(latex),
    }
}

/// A stretch of mathematics: lexemes `first..end` and their LaTeX.
struct Stretch {
    first: usize,
    end: usize,
    latex: String,
}

/// The stretches of mathematics, left to right: at each lexeme the longest expression
/// is read; it is kept when it is mathematics on its own, and skipped whole otherwise
/// (so "3 questions" is not read again from "questions").
fn stretches(lexemes: &[Lexeme], language: Language) -> Vec<Stretch> {
    let parser = Parser::new(lexemes, language);
    let mut found = Vec::new();
    let mut at = 0;
    while at < lexemes.len() {
        match parser.expression(at) {
            Some((node, end)) if end > at => {
                if node.is_mathematics() {
                    found.push(Stretch {
                        first: at,
                        end,
                        latex: node.latex(),
                    });
                }
                at = end;
            }
            _ => at += 1,
        }
    }
    found
}

/// Drops the pauses between a stretch of mathematics and a power said after it
/// ("x plus 1. All squared.", "equis más uno, todo al cuadrado", "x equals y, squared"),
/// so that the power belongs to the stretch; says whether it dropped any. Only a stretch
/// that is mathematics already is continued: "I have 3 questions. Squared paper is fine"
/// stays text.
fn join_powers_after_pauses(lexemes: &mut Vec<Lexeme>, stretches: &[Stretch]) -> bool {
    let mut dropped = vec![false; lexemes.len()];
    let mut any = false;
    for stretch in stretches {
        let pauses = lexemes[stretch.end.min(lexemes.len())..]
            .iter()
            .take_while(|l| l.lex.is_pause())
            .count();
        let after = |k: usize| lexemes.get(stretch.end + pauses + k).map(|l| &l.lex);
        let power = match after(0) {
            Some(Lex::Power(_)) => true,
            Some(Lex::All) => matches!(
                after(1),
                Some(Lex::Power(_) | Lex::PowerOf | Lex::Over { .. })
            ),
            _ => false,
        };
        if pauses > 0 && power {
            dropped[stretch.end..stretch.end + pauses].fill(true);
            any = true;
        }
    }
    let mut keep = dropped.into_iter().map(|d| !d);
    lexemes.retain(|_| keep.next().unwrap_or(true));
    any
}

/// `text` with each stretch replaced by its LaTeX between dollars; the words and
/// punctuation around stay as transcribed.
fn splice(text: &str, lexemes: &[Lexeme], stretches: &[Stretch]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut copied = 0;
    for stretch in stretches {
        let start = lexemes.get(stretch.first).map_or(copied, |l| l.start);
        let end = lexemes
            .get(stretch.end.saturating_sub(1))
            .map_or(start, |l| l.end);
        let (Some(before), true) = (text.get(copied..start), text.is_char_boundary(end)) else {
            continue;
        };
        out.push_str(before);
        out.push('$');
        out.push_str(&stretch.latex);
        out.push('$');
        copied = end;
    }
    out.push_str(text.get(copied..).unwrap_or_default());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn en(text: &str) -> SpokenMath {
        detect(text, Language::En)
    }

    fn es(text: &str) -> SpokenMath {
        detect(text, Language::Es)
    }

    fn math(message: &str, latex: &str) -> SpokenMath {
        SpokenMath {
            message: message.into(),
            latex: Some(latex.into()),
        }
    }

    /// An utterance that was all mathematics: the formula between dollars, and its LaTeX.
    fn whole(latex: &str) -> SpokenMath {
        math(&format!("${latex}$"), latex)
    }

    fn text(message: &str) -> SpokenMath {
        SpokenMath {
            message: message.into(),
            latex: None,
        }
    }

    #[test]
    fn a_whole_utterance_of_mathematics_is_just_its_formula() {
        assert_eq!(
            en("X squared plus 3x equals 10."),
            math("$x^2 + 3x = 10$", "x^2 + 3x = 10")
        );
        assert_eq!(en("x² + 3x = 10"), math("$x^2 + 3x = 10$", "x^2 + 3x = 10"));
        assert_eq!(
            en("Two over three."),
            math("$\\frac{2}{3}$", "\\frac{2}{3}")
        );
        assert_eq!(es("Equis al cuadrado."), math("$x^2$", "x^2"));
    }

    #[test]
    fn mathematics_inside_a_sentence_goes_between_dollars() {
        assert_eq!(
            en("is x squared plus three x equals ten right?"),
            math("is $x^2 + 3x = 10$ right?", "x^2 + 3x = 10")
        );
        assert_eq!(
            en("What is the square root of 16?"),
            math("What is $\\sqrt{16}$?", "\\sqrt{16}")
        );
        assert_eq!(
            es("¿Cuánto es seis entre tres?"),
            math("¿Cuánto es $6 \\div 3$?", "6 \\div 3")
        );
        assert_eq!(
            en("  what is two over three plus one half  "),
            math(
                "what is $\\frac{2}{3} + \\frac{1}{2}$",
                "\\frac{2}{3} + \\frac{1}{2}"
            )
        );
        assert_eq!(
            en("x equals 2, y equals 3"),
            math("$x = 2$, $y = 3$", "x = 2, y = 3")
        );
    }

    #[test]
    fn ordinary_sentences_with_numbers_stay_text() {
        for sentence in [
            "I have 3 questions",
            "chapter two",
            "I did it three times.",
            "I tried three times a day",
            "I was born in 1990.",
            "what is x",
            "Give me 5 minutes",
            "one of them is over there",
            "I got a 5 in the test",
            "COVID-19 is over",
            "It's 30 degrees outside",
            "I have 3 questions. Squared paper is fine",
            "I got 50 percent",
            "",
        ] {
            assert_eq!(en(sentence), text(sentence.trim()), "{sentence}");
        }
        for sentence in [
            "tengo dos preguntas",
            "capítulo dos",
            "al menos dos personas",
            "por lo menos tres",
            "más o menos dos horas",
            "tengo un cuarto para mí",
            "un medio de transporte",
            "voy a la escuela",
            "sin embargo es tan fácil",
            "menos mal",
            "El A-A-S-P-O-R-A-U-A-M-O.",
        ] {
            assert_eq!(es(sentence), text(sentence), "{sentence}");
        }
    }

    #[test]
    fn hyphen_joined_letters_are_a_word_but_compact_formulas_are_not() {
        for sentence in [
            "Spell it A-A-S-P.",
            "X-Y-Z is a name",
            "I bought a T-shirt",
            "Send me an e-mail",
            "Make a U-turn",
        ] {
            assert_eq!(en(sentence), text(sentence), "{sentence}");
        }
        for sentence in ["El A-A-S-P-O-R-A-U-A-M-O.", "Deletrea X-Y-Z", "un e-mail"] {
            assert_eq!(es(sentence), text(sentence), "{sentence}");
        }
        for (written, latex) in [("x-1", "x - 1"), ("2x-3", "2x - 3"), ("a-b", "a - b")] {
            assert_eq!(en(written).latex.as_deref(), Some(latex), "{written}");
            assert_eq!(es(written).latex.as_deref(), Some(latex), "{written}");
        }
    }

    #[test]
    fn spanish_articles_and_conjunctions_are_not_taken_as_variables() {
        assert_eq!(es("x y y"), text("x y y"));
        assert_eq!(es("dos y tres"), text("dos y tres"));
        assert_eq!(
            es("y es igual a dos x menos uno").latex.as_deref(),
            Some("y = 2x - 1")
        );
        assert_eq!(es("x más uno y dos"), math("$x + 1$ y dos", "x + 1"));
        assert_eq!(en("a over b").latex.as_deref(), Some("\\frac{a}{b}"));
    }

    #[test]
    fn a_cue_makes_a_lone_number_or_letter_mathematics() {
        assert_eq!(en("the fraction one third"), whole("\\frac{1}{3}"));
        assert_eq!(en("the variable x"), whole("x"));
        assert_eq!(es("la variable equis"), whole("x"));
        assert_eq!(en("what is x"), text("what is x"));
    }

    #[test]
    fn unicode_symbols_become_latex() {
        for (heard, latex) in [
            ("x² + 3x = 10", "x^2 + 3x = 10"),
            ("√16", "\\sqrt{16}"),
            ("∛8", "\\sqrt[3]{8}"),
            ("π r²", "\\pi r^2"),
            ("6 ÷ 3", "6 \\div 3"),
            ("2 × 3", "2 \\times 3"),
            ("5 − 2", "5 - 2"),
            ("x ≤ 4", "x \\le 4"),
            ("y ≥ 1", "y \\ge 1"),
            ("x ≠ 0", "x \\ne 0"),
            ("x⁻¹", "x^{-1}"),
            ("(x+1)", "(x + 1)"),
        ] {
            assert_eq!(en(heard), whole(latex), "{heard}");
        }
    }

    #[test]
    fn punctuation_and_case_stay_outside_the_dollars() {
        assert_eq!(en("SO, X SQUARED?"), math("SO, $x^2$?", "x^2"));
        assert_eq!(
            en("Is it 2/3?"),
            math("Is it $\\frac{2}{3}$?", "\\frac{2}{3}")
        );
        assert_eq!(
            es("Entonces, ¿la raíz de 16?"),
            math("Entonces, ¿$\\sqrt{16}$?", "\\sqrt{16}")
        );
    }

    #[test]
    fn decimals_use_a_point_in_both_languages() {
        assert_eq!(
            en("x equals three point five").latex.as_deref(),
            Some("x = 3.5")
        );
        assert_eq!(
            es("x es igual a tres coma cinco").latex.as_deref(),
            Some("x = 3.5")
        );
        assert_eq!(es("x igual a 3,5").latex.as_deref(), Some("x = 3.5"));
        assert_eq!(en("1,000 plus 2.5").latex.as_deref(), Some("1000 + 2.5"));
        assert_eq!(
            en("ten percent of x plus 5 percent").latex.as_deref(),
            Some("x + 5\\%")
        );
        assert_eq!(
            es("x más cinco por ciento").latex.as_deref(),
            Some("x + 5\\%")
        );
    }

    #[test]
    fn english_and_spanish_number_words_become_digits() {
        assert_eq!(
            en("twenty-five plus one hundred and five").latex.as_deref(),
            Some("25 + 105")
        );
        assert_eq!(
            es("veinticinco más ciento cinco").latex.as_deref(),
            Some("25 + 105")
        );
        assert_eq!(
            es("mil doscientos menos dieciséis").latex.as_deref(),
            Some("1200 - 16")
        );
    }

    #[test]
    fn a_pause_before_a_power_word_does_not_end_the_mathematics() {
        for heard in [
            "x plus 1. All squared.",
            "x plus 1, all squared",
            "Open parentheses x plus 1. Close parentheses squared.",
        ] {
            assert_eq!(en(heard), whole("(x + 1)^2"), "{heard}");
        }
        assert_eq!(es("equis más uno, todo al cuadrado"), whole("(x + 1)^2"));
        assert_eq!(en("x equals y, squared"), whole("x = y^2"));
        assert_eq!(es("equis igual a ye. Al cubo."), whole("x = y^3"));
        assert_eq!(
            en("so x plus 1, all over 2, right?"),
            math("so $\\frac{x + 1}{2}$, right?", "\\frac{x + 1}{2}")
        );
        // Only mathematics is continued, only across a pause, and only by a power.
        for sentence in [
            "I have 3 questions. Squared paper is fine",
            "I have 3 questions, all squared away",
            "x, squared",
        ] {
            assert_eq!(en(sentence), text(sentence), "{sentence}");
        }
        assert_eq!(
            en("Is it x plus 1? Squared paper is fine"),
            math("Is it $x + 1$? Squared paper is fine", "x + 1")
        );
        assert_eq!(en("x plus 1. All good"), math("$x + 1$. All good", "x + 1"));
    }

    #[test]
    fn several_stretches_are_joined_by_commas() {
        let result = en("one half and one third");
        assert_eq!(
            result,
            math(
                "$\\frac{1}{2}$ and $\\frac{1}{3}$",
                "\\frac{1}{2}, \\frac{1}{3}"
            )
        );
    }
}
