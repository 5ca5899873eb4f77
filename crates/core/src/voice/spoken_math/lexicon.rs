//! The words and phrases of spoken mathematics, English and Spanish: operators,
//! relations, powers, functions, roots, parentheses, constants and letter names. Keys are
//! normalised (lowercase, no accents, single spaces).

use crate::language::Language;
use std::collections::HashMap;
use std::sync::OnceLock;

/// What a word or phrase means in mathematics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Meaning {
    /// "plus", "más".
    Plus,
    /// "minus", "menos": subtraction, or a sign at the start.
    Minus,
    /// "plus or minus", "más menos".
    PlusMinus,
    /// "negative", "negativo": only a sign.
    Negative,
    /// "times", "por".
    Times,
    /// "divided by", "entre".
    Divide,
    /// "over", "sobre": a fraction.
    Over,
    /// A relation, as LaTeX ("=", "<", "\le"…).
    Relation(&'static str),
    /// "squared" (2), "al cubo" (3).
    Power(u32),
    /// "cuadrado", "cubo": a power only right after a letter ("equis cuadrado").
    BarePower(u32),
    /// "to the power of", "elevado a", "a la": an exponent follows.
    PowerOf,
    /// "all", "todo": the power after it applies to everything before ("x plus one all squared").
    All,
    /// A function, as LaTeX ("\sin").
    Function(&'static str),
    /// A root of that index ("square root" 2, "raíz cúbica" 3).
    Root(u32),
    /// "open parenthesis".
    Open,
    /// "close parenthesis".
    Close,
    /// "percent", "por ciento".
    Percent,
    /// "degrees", "grados".
    Degrees,
    /// A constant, as LaTeX ("\pi").
    Constant(&'static str),
    /// A letter or Greek letter, as LaTeX ("x", "\theta").
    Variable(&'static str),
    /// "the fraction", "la variable": what follows is mathematics even alone.
    Cue,
    /// "point", "coma": a decimal point between numbers.
    Point,
    /// A set phrase that is never mathematics ("al menos", "más o menos").
    Text,
}

/// The most words a phrase has.
pub(crate) const MAX_PHRASE_WORDS: usize = 6;

/// What `phrase` (normalised words joined by single spaces) means, if anything.
pub(crate) fn meaning(phrase: &str, language: Language) -> Option<Meaning> {
    static EN: OnceLock<HashMap<&'static str, Meaning>> = OnceLock::new();
    static ES: OnceLock<HashMap<&'static str, Meaning>> = OnceLock::new();
    let table = match language {
        Language::En => EN.get_or_init(|| ENGLISH.iter().chain(COMMON).copied().collect()),
        Language::Es => ES.get_or_init(|| SPANISH.iter().chain(COMMON).copied().collect()),
    };
    table.get(phrase).copied()
}

/// Single letters that are also ordinary words: variables only next to an operator.
pub(crate) fn is_ambiguous_letter(letter: &str, language: Language) -> bool {
    match language {
        Language::En => matches!(letter, "a" | "i"),
        Language::Es => matches!(letter, "a" | "e" | "i" | "o" | "u" | "y"),
    }
}

/// The words that may join a function or root to its argument ("sine of x", "raíz de x").
pub(crate) fn is_of(word: &str, language: Language) -> bool {
    match language {
        Language::En => word == "of",
        Language::Es => matches!(word, "de" | "del"),
    }
}

/// The word that may follow an ordinal exponent ("to the fifth power").
pub(crate) fn is_power_word(word: &str, language: Language) -> bool {
    match language {
        Language::En => word == "power",
        Language::Es => word == "potencia",
    }
}

use Meaning::*;

const COMMON: &[(&str, Meaning)] = &[
    ("pi", Constant("\\pi")),
    ("ln", Function("\\ln")),
    ("log", Function("\\log")),
    ("cos", Function("\\cos")),
    ("sqrt", Root(2)),
    ("beta", Variable("\\beta")),
    ("theta", Variable("\\theta")),
];

const ENGLISH: &[(&str, Meaning)] = &[
    ("plus", Plus),
    ("minus", Minus),
    ("plus or minus", PlusMinus),
    ("plus minus", PlusMinus),
    ("negative", Negative),
    ("times", Times),
    ("multiplied by", Times),
    ("divided by", Divide),
    ("over", Over),
    ("equals", Relation("=")),
    ("equal", Relation("=")),
    ("equals to", Relation("=")),
    ("equal to", Relation("=")),
    ("is equal to", Relation("=")),
    ("is equal", Relation("=")),
    ("is not equal to", Relation("\\ne")),
    ("not equal to", Relation("\\ne")),
    ("does not equal", Relation("\\ne")),
    ("doesnt equal", Relation("\\ne")),
    ("less than", Relation("<")),
    ("is less than", Relation("<")),
    ("smaller than", Relation("<")),
    ("is smaller than", Relation("<")),
    ("greater than", Relation(">")),
    ("is greater than", Relation(">")),
    ("bigger than", Relation(">")),
    ("is bigger than", Relation(">")),
    ("less than or equal to", Relation("\\le")),
    ("is less than or equal to", Relation("\\le")),
    ("less than or equal", Relation("\\le")),
    ("less or equal to", Relation("\\le")),
    ("greater than or equal to", Relation("\\ge")),
    ("is greater than or equal to", Relation("\\ge")),
    ("greater than or equal", Relation("\\ge")),
    ("greater or equal to", Relation("\\ge")),
    ("approximately equal to", Relation("\\approx")),
    ("is approximately equal to", Relation("\\approx")),
    ("is approximately", Relation("\\approx")),
    ("squared", Power(2)),
    ("cubed", Power(3)),
    ("to the power of", PowerOf),
    ("to the power", PowerOf),
    ("raised to the power of", PowerOf),
    ("raised to the", PowerOf),
    ("raised to", PowerOf),
    ("to the", PowerOf),
    ("all", All),
    ("sine", Function("\\sin")),
    ("the sine", Function("\\sin")),
    ("sin", Function("\\sin")),
    ("sign of", Function("\\sin")),
    ("the sign of", Function("\\sin")),
    ("cosine", Function("\\cos")),
    ("the cosine", Function("\\cos")),
    ("tangent", Function("\\tan")),
    ("the tangent", Function("\\tan")),
    ("tan", Function("\\tan")),
    ("logarithm", Function("\\log")),
    ("the logarithm", Function("\\log")),
    ("the log", Function("\\log")),
    ("natural log", Function("\\ln")),
    ("the natural log", Function("\\ln")),
    ("natural logarithm", Function("\\ln")),
    ("the natural logarithm", Function("\\ln")),
    ("square root", Root(2)),
    ("the square root", Root(2)),
    ("root", Root(2)),
    ("cube root", Root(3)),
    ("the cube root", Root(3)),
    ("fourth root", Root(4)),
    ("the fourth root", Root(4)),
    ("open parenthesis", Open),
    ("open parentheses", Open),
    ("open paren", Open),
    ("open bracket", Open),
    ("open the parenthesis", Open),
    ("open the parentheses", Open),
    ("left parenthesis", Open),
    ("left paren", Open),
    ("close parenthesis", Close),
    ("close parentheses", Close),
    ("closed parenthesis", Close),
    ("closed parentheses", Close),
    ("close paren", Close),
    ("close bracket", Close),
    ("closed bracket", Close),
    ("close the parenthesis", Close),
    ("close the parentheses", Close),
    ("right parenthesis", Close),
    ("right paren", Close),
    ("percent", Percent),
    ("per cent", Percent),
    ("degrees", Degrees),
    ("degree", Degrees),
    ("pie", Constant("\\pi")),
    ("infinity", Constant("\\infty")),
    ("alpha", Variable("\\alpha")),
    ("ex", Variable("x")),
    ("the fraction", Cue),
    ("fraction", Cue),
    ("the variable", Cue),
    ("variable", Cue),
    ("point", Point),
];

const SPANISH: &[(&str, Meaning)] = &[
    ("mas", Plus),
    ("menos", Minus),
    ("mas menos", PlusMinus),
    ("negativo", Negative),
    ("negativa", Negative),
    ("por", Times),
    ("multiplicado por", Times),
    ("entre", Divide),
    ("dividido entre", Divide),
    ("dividido por", Divide),
    ("partido por", Divide),
    ("partido entre", Divide),
    ("sobre", Over),
    ("igual", Relation("=")),
    ("igual a", Relation("=")),
    ("es igual", Relation("=")),
    ("es igual a", Relation("=")),
    ("igual que", Relation("=")),
    ("es igual que", Relation("=")),
    ("no es igual a", Relation("\\ne")),
    ("distinto de", Relation("\\ne")),
    ("es distinto de", Relation("\\ne")),
    ("diferente de", Relation("\\ne")),
    ("es diferente de", Relation("\\ne")),
    ("menor que", Relation("<")),
    ("es menor que", Relation("<")),
    ("mayor que", Relation(">")),
    ("es mayor que", Relation(">")),
    ("menor o igual que", Relation("\\le")),
    ("menor o igual a", Relation("\\le")),
    ("es menor o igual que", Relation("\\le")),
    ("es menor o igual a", Relation("\\le")),
    ("menor que o igual a", Relation("\\le")),
    ("mayor o igual que", Relation("\\ge")),
    ("mayor o igual a", Relation("\\ge")),
    ("es mayor o igual que", Relation("\\ge")),
    ("es mayor o igual a", Relation("\\ge")),
    ("mayor que o igual a", Relation("\\ge")),
    ("aproximadamente igual a", Relation("\\approx")),
    ("es aproximadamente igual a", Relation("\\approx")),
    ("al cuadrado", Power(2)),
    ("elevado al cuadrado", Power(2)),
    ("al cubo", Power(3)),
    ("elevado al cubo", Power(3)),
    ("cuadrado", BarePower(2)),
    ("cubo", BarePower(3)),
    ("elevado a", PowerOf),
    ("elevado a la", PowerOf),
    ("elevada a", PowerOf),
    ("elevada a la", PowerOf),
    ("elevado a la potencia", PowerOf),
    ("a la", PowerOf),
    ("a la potencia", PowerOf),
    ("todo", All),
    ("seno", Function("\\sin")),
    ("el seno", Function("\\sin")),
    ("sen", Function("\\sin")),
    ("coseno", Function("\\cos")),
    ("el coseno", Function("\\cos")),
    ("tangente", Function("\\tan")),
    ("la tangente", Function("\\tan")),
    ("tg", Function("\\tan")),
    ("logaritmo", Function("\\log")),
    ("el logaritmo", Function("\\log")),
    ("logaritmo natural", Function("\\ln")),
    ("el logaritmo natural", Function("\\ln")),
    ("logaritmo neperiano", Function("\\ln")),
    ("el logaritmo neperiano", Function("\\ln")),
    ("raiz cuadrada", Root(2)),
    ("la raiz cuadrada", Root(2)),
    ("raiz", Root(2)),
    ("la raiz", Root(2)),
    ("raiz cubica", Root(3)),
    ("la raiz cubica", Root(3)),
    ("raiz cuarta", Root(4)),
    ("la raiz cuarta", Root(4)),
    ("abre parentesis", Open),
    ("abrir parentesis", Open),
    ("abro parentesis", Open),
    ("abrimos parentesis", Open),
    ("se abre parentesis", Open),
    ("abre el parentesis", Open),
    ("abrir el parentesis", Open),
    ("abro el parentesis", Open),
    ("abrimos el parentesis", Open),
    ("se abre el parentesis", Open),
    ("abre un parentesis", Open),
    ("se abre un parentesis", Open),
    ("cierra parentesis", Close),
    ("cerrar parentesis", Close),
    ("cierro parentesis", Close),
    ("cerramos parentesis", Close),
    ("se cierra parentesis", Close),
    ("cierra el parentesis", Close),
    ("cerrar el parentesis", Close),
    ("cierro el parentesis", Close),
    ("cerramos el parentesis", Close),
    ("se cierra el parentesis", Close),
    ("por ciento", Percent),
    ("porciento", Percent),
    ("grados", Degrees),
    ("grado", Degrees),
    ("infinito", Constant("\\infty")),
    ("equis", Variable("x")),
    ("ye", Variable("y")),
    ("i griega", Variable("y")),
    ("zeta", Variable("z")),
    ("ceta", Variable("z")),
    ("ene", Variable("n")),
    ("enesima", Variable("n")),
    ("eme", Variable("m")),
    ("be", Variable("b")),
    ("ce", Variable("c")),
    ("efe", Variable("f")),
    ("hache", Variable("h")),
    ("jota", Variable("j")),
    ("ka", Variable("k")),
    ("ele", Variable("l")),
    ("pe", Variable("p")),
    ("erre", Variable("r")),
    ("uve", Variable("v")),
    ("alfa", Variable("\\alpha")),
    ("teta", Variable("\\theta")),
    ("la fraccion", Cue),
    ("fraccion", Cue),
    ("la variable", Cue),
    ("variable", Cue),
    ("coma", Point),
    ("punto", Point),
    ("al menos", Text),
    ("por lo menos", Text),
    ("a lo menos", Text),
    ("menos mal", Text),
    ("mas o menos", Text),
    ("por favor", Text),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operator_and_function_words_have_meanings_in_both_languages() {
        assert_eq!(meaning("divided by", Language::En), Some(Divide));
        assert_eq!(meaning("entre", Language::Es), Some(Divide));
        assert_eq!(
            meaning("menor o igual que", Language::Es),
            Some(Relation("\\le"))
        );
        assert_eq!(
            meaning("less than or equal to", Language::En),
            Some(Relation("\\le"))
        );
        assert_eq!(meaning("seno", Language::Es), Some(Function("\\sin")));
        assert_eq!(meaning("pi", Language::Es), Some(Constant("\\pi")));
        assert_eq!(meaning("equis", Language::Es), Some(Variable("x")));
        // Spanish "sin" is "without", and "tan" is "so".
        assert_eq!(meaning("sin", Language::Es), None);
        assert_eq!(meaning("tan", Language::Es), None);
        assert_eq!(meaning("al menos", Language::Es), Some(Text));
    }

    #[test]
    fn every_phrase_key_is_normalised_and_short_enough() {
        for (key, _) in ENGLISH.iter().chain(SPANISH).chain(COMMON) {
            assert_eq!(crate::text::normalize::normalize(key), *key);
            assert!(key.split(' ').count() <= MAX_PHRASE_WORDS, "{key}");
        }
    }

    #[test]
    fn spanish_articles_and_conjunctions_are_ambiguous_letters() {
        for word in ["y", "a", "e", "o"] {
            assert!(is_ambiguous_letter(word, Language::Es));
        }
        assert!(is_ambiguous_letter("a", Language::En));
        assert!(!is_ambiguous_letter("y", Language::En));
        assert!(!is_ambiguous_letter("x", Language::Es));
    }
}
