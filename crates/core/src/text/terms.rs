//! Content terms: the words of a text that carry its meaning, reduced to a form that
//! matches across inflections and across English and Spanish cognates. Stop words
//! (the `stop-words` crate's NLTK lists for English and Spanish) are dropped, the rest
//! are stemmed with the Snowball stemmers of `rust-stemmers` and cut to
//! [`TERM_KEY_CHARS`] characters ("triangles", "triángulos" → `triang`); numbers are
//! kept whole ("180°" → `180`, "2,5" → `2.5`). A word also carries the keys of its
//! translations in Lantern's English–Spanish school glossary (`words/any/glossary-en-es.tsv`,
//! single-word pairs), so "bombilla" meets "bulb".

use crate::text::normalize::normalize;
use crate::word_lists::{list_in, pairs};
use rust_stemmers::{Algorithm, Stemmer};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{LazyLock, OnceLock};

/// Characters of a stem that decide a match: enough to tell "intersect" from
/// "interior", few enough that "triangle" meets "triángulo".
pub const TERM_KEY_CHARS: usize = 6;

/// Each unit sign with the words it is also read as, in every language ("°" →
/// "degrees grados": `words/<locale>/sign-words.txt`).
static SIGN_WORDS: LazyLock<Vec<(&'static str, String)>> =
    LazyLock::new(|| words_of(pairs(crate::word_list!("sign-words"))));

/// Each operation with the words that name it, in every language ("add" → "add sumar":
/// `words/<locale>/operation-words.txt`).
static OPERATION_NAMES: LazyLock<Vec<(&'static str, String)>> =
    LazyLock::new(|| words_of(pairs(crate::word_list!("operation-words"))));

/// Each key of `pairs` with its words joined by spaces, keys in first-seen order.
fn words_of(pairs: Vec<(&'static str, &'static str)>) -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = Vec::new();
    for (key, word) in pairs {
        match out.iter_mut().find(|(k, _)| *k == key) {
            Some((_, words)) => {
                words.push(' ');
                words.push_str(word);
            }
            None => out.push((key, word.to_string())),
        }
    }
    out
}

/// The words of operation or sign `key` in `named`, in every language ("" when none).
fn named<'a>(named: &'a [(&'static str, String)], key: &str) -> &'a str {
    named
        .iter()
        .find(|(k, _)| *k == key)
        .map_or("", |(_, words)| words.as_str())
}

/// Operation signs and the operation each writes (the words are the operation's).
const OPERATION_SIGNS: &[(&str, &str)] = &[
    ("+", "add"),
    ("×", "multiply"),
    ("·", "multiply"),
    (" * ", "multiply"),
    ("÷", "divide"),
    (" − ", "subtract"),
    (" - ", "subtract"),
];

/// Words that name an operation only between two numbers ("2/3 por 4/5", "6 entre 3",
/// "3 times 4"), with the operation's words, in every language
/// (`words/<locale>/operation-between-numbers.txt`).
static OPERATION_BETWEEN_NUMBERS: LazyLock<Vec<(&'static str, &'static str)>> =
    LazyLock::new(|| {
        pairs(crate::word_list!("operation-between-numbers"))
            .into_iter()
            .map(|(word, operation)| (word, named(&OPERATION_NAMES, operation)))
            .collect()
    });

/// `text` with each word of [`OPERATION_BETWEEN_NUMBERS`] that stands between two
/// numbers replaced by its operation's words.
fn name_operations(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let numeric = |w: Option<&&str>| w.is_some_and(|w| w.chars().any(|c| c.is_ascii_digit()));
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let lower = w.to_lowercase();
            OPERATION_BETWEEN_NUMBERS
                .iter()
                .find(|(name, _)| *name == lower)
                .filter(|_| i > 0 && numeric(words.get(i - 1)) && numeric(words.get(i + 1)))
                .map_or(*w, |(_, op)| op)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Shortest word that counts as a content word.
const MIN_WORD_CHARS: usize = 3;

fn stop_words() -> &'static BTreeSet<String> {
    static WORDS: OnceLock<BTreeSet<String>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let mut all: BTreeSet<String> = BTreeSet::new();
        for lang in ["en", "es"] {
            for w in stop_words::get(lang) {
                all.insert(normalize(w));
            }
        }
        all.extend(list_in!("en", "more-stop-words").map(String::from));
        all
    })
}

/// Whether the normalised `word` is a stop word in English or Spanish.
pub fn is_stop_word(word: &str) -> bool {
    stop_words().contains(word)
}

fn stemmers() -> &'static [Stemmer; 2] {
    static STEMMERS: OnceLock<[Stemmer; 2]> = OnceLock::new();
    STEMMERS.get_or_init(|| {
        [
            Stemmer::create(Algorithm::English),
            Stemmer::create(Algorithm::Spanish),
        ]
    })
}

/// A number written with digits, as one canonical token (`2,5` → `2.5`); `None` for
/// anything else.
pub fn number_token(word: &str) -> Option<String> {
    let w = word.replace(',', ".");
    let w = w.trim_end_matches('.');
    (w.chars().any(|c| c.is_ascii_digit()) && w.chars().all(|c| c.is_ascii_digit() || c == '.'))
        .then(|| w.to_string())
}

/// One content term: the keys a word matches by (its English and Spanish stems cut
/// to [`TERM_KEY_CHARS`]; a number is its own single key).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Term {
    /// The word as written (normalised).
    pub word: String,
    /// Its match keys.
    pub keys: Vec<String>,
    /// Whether it is a number.
    pub is_number: bool,
}

impl Term {
    /// Whether any of this term's keys is in `keys`.
    pub fn in_keys(&self, keys: &BTreeSet<String>) -> bool {
        self.keys.iter().any(|k| keys.contains(k))
    }
}

/// Spanish endings and the English endings of their cognates ("triángulo" →
/// "triangle", "eléctrica" → "electric", "velocidad" → "velocity"), tried in order
/// (`words/es/cognate-endings.txt`).
static COGNATE_ENDINGS: LazyLock<Vec<(&'static str, &'static str)>> =
    LazyLock::new(|| pairs(list_in!("es", "cognate-endings")));

/// The English cognate a Spanish word probably has, by its ending, if any.
fn english_cognate(word: &str) -> Option<String> {
    let singular = word
        .strip_suffix("es")
        .filter(|w| w.ends_with(['n', 'd', 'l', 'r']))
        .or_else(|| word.strip_suffix('s'))
        .unwrap_or(word);
    COGNATE_ENDINGS.iter().find_map(|(es, en)| {
        singular
            .strip_suffix(es)
            .filter(|stem| stem.chars().count() >= 3)
            .map(|stem| format!("{stem}{en}"))
    })
}

/// Spanish superlative endings and the endings of the adjectives they come from
/// ("lentísimo" → "lento", "riquísima" → "rica"), tried in order
/// (`words/es/superlative-endings.txt`).
static SUPERLATIVE_ENDINGS: LazyLock<Vec<(&'static str, &'static str)>> =
    LazyLock::new(|| pairs(list_in!("es", "superlative-endings")));

/// `word` with the first of `endings` it ends with replaced by that ending's base, when
/// at least `least_root` letters stand before it ("lentisimo" with "isimo: o" →
/// "lento"); `None` when it ends with none.
fn with_ending_replaced(word: &str, endings: &[(&str, &str)], least_root: usize) -> Option<String> {
    endings.iter().find_map(|(ending, base)| {
        word.strip_suffix(ending)
            .filter(|root| root.chars().count() >= least_root)
            .map(|root| format!("{root}{base}"))
    })
}

/// Fewest letters a superlative keeps before its ending.
const SUPERLATIVE_ROOT_CHARS: usize = 2;

/// The adjective a Spanish superlative in -ísimo is made from ("lentisimo" → "lento"),
/// if `word` is one: Snowball leaves "lentisim", which never meets "lento".
fn superlative_base(word: &str) -> Option<String> {
    with_ending_replaced(word, &SUPERLATIVE_ENDINGS, SUPERLATIVE_ROOT_CHARS)
}

/// Spanish diminutive endings and the endings of the words they come from
/// ("balconcito" → "balcon", "hojitas" → "hojas"), tried in order
/// (`words/es/diminutive-endings.txt`).
static DIMINUTIVE_ENDINGS: LazyLock<Vec<(&'static str, &'static str)>> =
    LazyLock::new(|| pairs(list_in!("es", "diminutive-endings")));

/// Words that end like a diminutive and are none ("visita", "bonito"),
/// `words/es/not-diminutives.txt`.
static NOT_DIMINUTIVES: LazyLock<BTreeSet<&'static str>> =
    LazyLock::new(|| list_in!("es", "not-diminutives").collect());

/// Fewest letters a diminutive keeps before its ending ("cita" is no diminutive of "ca").
const DIMINUTIVE_ROOT_CHARS: usize = 3;

/// The word a Spanish diminutive in -ito/-ita is made from ("balconcito" → "balcon",
/// "chiquitas" → "chicas"), if `word` is one: Snowball leaves "balconcit", which never
/// meets "balcón", and a student in Mexico or Colombia writes "hojitas" for the note's
/// "hojas".
fn diminutive_base(word: &str) -> Option<String> {
    if NOT_DIMINUTIVES.contains(word) {
        return None;
    }
    with_ending_replaced(word, &DIMINUTIVE_ENDINGS, DIMINUTIVE_ROOT_CHARS)
}

/// A Spanish plural in "-ces" and the singular in "-z" it may come from.
const CES_PLURAL: [(&str, &str); 1] = [("ces", "z")];

/// Fewest letters a plural in "-ces" keeps before its ending to be read as a singular
/// in "-z" ("luces").
const CES_ROOT_CHARS: usize = 2;

/// The singular of a Spanish plural in "-ces" from a word in "-z" ("raices" → "raiz",
/// "luces" → "luz", "veces" → "vez"), if `word` may be one: Snowball leaves "raic",
/// which never meets "raíz".
fn z_singular(word: &str) -> Option<String> {
    with_ending_replaced(word, &CES_PLURAL, CES_ROOT_CHARS)
}

/// An English plural in "-ses" and the singular in "-s" it may come from.
const SES_PLURAL: [(&str, &str); 1] = [("ses", "s")];

/// Fewest letters a plural in "-ses" keeps before its ending to be read as a singular
/// in "-s" ("lenses").
const SES_ROOT_CHARS: usize = 3;

/// The singular in "-s" an English plural in "-ses" may come from ("lenses" → "lens",
/// "gases" → "gas"): Snowball leaves "lens" for "lenses" but "len" for "lens", so the
/// two never meet.
fn s_singular(word: &str) -> Option<String> {
    with_ending_replaced(word, &SES_PLURAL, SES_ROOT_CHARS)
}

/// The value of each number word said alone ("zero" → "0", "veinte" → "20"): the units
/// and tens of the spoken-number lists (`words/{en,es}/spoken-numbers.txt`), so "dropped
/// to zero" supports "0 deaths" and "20" supports "twenty".
static NUMBER_WORDS: LazyLock<BTreeMap<&'static str, &'static str>> = LazyLock::new(|| {
    pairs(list_in!("en", "spoken-numbers").chain(list_in!("es", "spoken-numbers")))
        .into_iter()
        .filter_map(|(word, kind)| {
            let (kind, value) = kind.split_once(' ')?;
            matches!(kind, "unit" | "ten").then_some((word, value))
        })
        .collect()
});

/// Pronouns Spanish joins to the end of a command ("añádele", "pregúntate", "tómalo"),
/// longest first (`words/es/attached-pronouns.txt`).
static ATTACHED_PRONOUNS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let mut pronouns: Vec<&str> = list_in!("es", "attached-pronouns").collect();
    pronouns.sort_by_key(|p| std::cmp::Reverse(p.len()));
    pronouns
});

/// The Spanish stem key of a command written with pronouns joined to it, without them
/// ("añádele" → the key of "añade", which meets "añadir" and "añadiendo"): the written
/// accent such a command takes tells it from a word that merely ends like a pronoun.
/// `None` for any other word.
fn command_without_pronouns(written: &str) -> Option<String> {
    let lower = written.to_lowercase();
    if !lower.contains(['á', 'é', 'í', 'ó', 'ú']) {
        return None;
    }
    let mut rest = lower.as_str();
    for _ in 0..2 {
        match ATTACHED_PRONOUNS.iter().find_map(|p| rest.strip_suffix(p)) {
            Some(shorter) => rest = shorter,
            None => break,
        }
    }
    let verb = normalize(rest);
    (rest.len() < lower.len() && verb.chars().count() >= MIN_WORD_CHARS && !verb.contains(' '))
        .then(|| key_of(&stemmers()[1].stem(&verb)))
}

/// English irregular verb forms and the base form whose stem they share ("found" →
/// "find"), from `words/en/irregular-verbs.txt`.
static IRREGULAR_VERBS: LazyLock<BTreeMap<&'static str, &'static str>> = LazyLock::new(|| {
    pairs(list_in!("en", "irregular-verbs"))
        .into_iter()
        .collect()
});

/// Spanish forms of verbs whose stem changes and the infinitive whose stem they share
/// ("pierdo" → "perder", "duermo" → "dormir"), from `words/es/irregular-verbs.txt`.
static SPANISH_IRREGULAR_VERBS: LazyLock<BTreeMap<&'static str, &'static str>> =
    LazyLock::new(|| {
        pairs(list_in!("es", "irregular-verbs"))
            .into_iter()
            .collect()
    });

/// Shortened words and the whole words they stand for ("coles" → "colegios", "uni" →
/// "university"), from `words/{en,es}/clipped-words.txt`.
static CLIPPED_WORDS: LazyLock<BTreeMap<&'static str, &'static str>> = LazyLock::new(|| {
    pairs(list_in!("en", "clipped-words"))
        .into_iter()
        .chain(pairs(list_in!("es", "clipped-words")))
        .collect()
});

/// The glossary: each single word's stem key and the stem keys of its translations.
fn glossary() -> &'static BTreeMap<String, Vec<String>> {
    static GLOSSARY: OnceLock<BTreeMap<String, Vec<String>>> = OnceLock::new();
    GLOSSARY.get_or_init(|| {
        let [english, spanish] = stemmers();
        let mut map: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for line in include_str!("../../words/any/glossary-en-es.tsv").lines() {
            let Some((en, es)) = line.split_once('\t') else {
                continue;
            };
            let (en, es) = (normalize(en), normalize(es));
            if en.contains(' ') || es.contains(' ') {
                continue;
            }
            let en_key = key_of(&english.stem(&en));
            let es_key = key_of(&spanish.stem(&es));
            map.entry(en_key.clone()).or_default().push(es_key.clone());
            map.entry(es_key).or_default().push(en_key);
        }
        map
    })
}

fn key_of(stem: &str) -> String {
    stem.chars().take(TERM_KEY_CHARS).collect()
}

/// The term of one normalised word, or `None` for a stop word or a short word.
pub fn term_of(word: &str) -> Option<Term> {
    if let Some(n) = number_token(word) {
        return Some(Term {
            word: word.to_string(),
            keys: vec![n],
            is_number: true,
        });
    }
    if word.chars().count() < MIN_WORD_CHARS || is_stop_word(word) {
        return None;
    }
    let [english, spanish] = stemmers();
    let mut keys: Vec<String> = vec![key_of(&english.stem(word)), key_of(&spanish.stem(word))];
    if let Some(cognate) = english_cognate(word) {
        keys.push(key_of(&english.stem(&cognate)));
    }
    if let Some(base) = IRREGULAR_VERBS.get(word) {
        keys.push(key_of(&english.stem(base)));
    }
    if let Some(base) = SPANISH_IRREGULAR_VERBS.get(word) {
        keys.push(key_of(&spanish.stem(base)));
    }
    if let Some(base) = superlative_base(word) {
        keys.push(key_of(&spanish.stem(&base)));
    }
    if let Some(base) = diminutive_base(word) {
        keys.push(key_of(&spanish.stem(&base)));
    }
    if let Some(singular) = z_singular(word) {
        keys.push(key_of(&spanish.stem(&singular)));
    }
    if let Some(singular) = s_singular(word) {
        keys.push(key_of(&english.stem(&singular)));
    }
    if let Some(whole) = CLIPPED_WORDS.get(word) {
        keys.extend([english.stem(whole), spanish.stem(whole)].map(|s| key_of(&s)));
    }
    let translated: Vec<String> = keys
        .iter()
        .filter_map(|k| glossary().get(k))
        .flatten()
        .cloned()
        .collect();
    keys.extend(translated);
    keys.extend(NUMBER_WORDS.get(word).map(|value| value.to_string()));
    keys.sort();
    keys.dedup();
    Some(Term {
        word: word.to_string(),
        keys,
        is_number: false,
    })
}

/// The content terms of `text`, in order (repeats kept).
pub fn content_terms(text: &str) -> Vec<Term> {
    // Keep decimal commas and points inside numbers before normalising drops them.
    // A unit sign is also its words, so "180°" supports "180 degrees"; an operation
    // sign is its operation's words, so "2/7 + 3/7" is about adding.
    let mut spaced = name_operations(text);
    for (sign, words) in SIGN_WORDS.iter() {
        spaced = spaced.replace(sign, &format!(" {words} "));
    }
    for (sign, operation) in OPERATION_SIGNS {
        spaced = spaced.replace(sign, &format!(" {} ", named(&OPERATION_NAMES, operation)));
    }
    let mut out = Vec::new();
    for raw in spaced.split_whitespace() {
        let trimmed = raw.trim_matches(|c: char| !c.is_alphanumeric());
        if let Some(n) = number_token(trimmed) {
            // A number with a decimal point is also a decimal.
            let decimal = n.contains('.');
            out.push(Term {
                word: n.clone(),
                keys: vec![n],
                is_number: true,
            });
            if decimal {
                out.extend(term_of("decimal"));
            }
            continue;
        }
        let words: Vec<String> = normalize(raw)
            .split(' ')
            .filter(|w| !w.is_empty())
            .map(String::from)
            .collect();
        // A lone word may be a command with pronouns joined to it: it also meets the verb.
        let command = match words.as_slice() {
            [_] => command_without_pronouns(trimmed),
            _ => None,
        };
        for word in &words {
            if let Some(mut t) = term_of(word) {
                if let Some(key) = &command {
                    if !t.keys.contains(key) {
                        t.keys.push(key.clone());
                    }
                }
                out.push(t);
            }
        }
    }
    out
}

/// The content terms of `text` that state its facts: numbers and words, without the
/// words a unit sign adds.
pub fn fact_terms(text: &str) -> Vec<Term> {
    content_terms(text)
        .into_iter()
        .filter(|t| {
            !SIGN_WORDS
                .iter()
                .any(|(_, words)| words.split(' ').any(|w| w == t.word))
        })
        .collect()
}

/// Every match key of `text`'s content terms.
pub fn term_keys(text: &str) -> BTreeSet<String> {
    content_terms(text)
        .into_iter()
        .flat_map(|t| t.keys)
        .collect()
}

/// The match keys of the teaching talk, computed once: words any explanation may use
/// without the material saying them, in every language
/// (`words/<locale>/teaching-words.txt`).
fn teaching_keys() -> &'static BTreeSet<String> {
    static KEYS: LazyLock<BTreeSet<String>> = LazyLock::new(|| {
        crate::word_list!("teaching-words")
            .flat_map(term_keys)
            .collect()
    });
    &KEYS
}

/// Whether `term` is teaching talk ("remember", "example", "manera"): words any
/// explanation may use without the material saying them.
pub fn is_teaching_talk(term: &Term) -> bool {
    term.in_keys(teaching_keys())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cannot_is_a_stop_word_like_can_t() {
        assert!(is_stop_word("cannot"));
        assert!(content_terms("towns that cannot afford lifeguards")
            .iter()
            .all(|t| t.word != "cannot"));
    }

    #[test]
    fn an_irregular_verb_form_meets_its_base_form() {
        let note = term_keys("Most first jobs are found by asking in person.");
        assert!(content_terms("find")[0].in_keys(&note));
        assert!(content_terms("taught")[0].in_keys(&term_keys("teachers teach")));
        assert!(!content_terms("left")[0].in_keys(&term_keys("leave early")));
    }

    #[test]
    fn a_shortened_word_meets_the_whole_word() {
        let said = term_keys("en los coles tendría que haber finanzas");
        assert!(content_terms("colegios")[0].in_keys(&said));
        assert!(content_terms("profe")[0].in_keys(&term_keys("el profesor lo explica")));
        assert!(content_terms("university")[0].in_keys(&term_keys("uni fees are high")));
    }

    #[test]
    fn a_number_word_meets_its_digits() {
        let said = term_keys("traffic deaths there dropped to zero in three years");
        assert!(content_terms("0 deaths")[0].in_keys(&said));
        assert!(content_terms("3 years")[0].in_keys(&said));
        assert!(content_terms("veinte")[0].in_keys(&term_keys("20 alumnos")));
    }

    #[test]
    fn a_command_with_pronouns_joined_to_it_meets_its_verb() {
        let note =
            term_keys("Si un día comes solo pasta, añádele verdura. Pregúntate si tienes hambre.");
        for said in ["añadiendo", "añadir", "preguntarte", "pregunta"] {
            let term = &content_terms(said)[0];
            assert!(term.in_keys(&note), "{said}");
        }
        // Without the accent a command takes, an ending like a pronoun is the word's own.
        assert_eq!(command_without_pronouns("suele"), None);
        assert_eq!(
            command_without_pronouns("película"),
            Some("pelicu".to_string())
        );
        assert!(content_terms("película")[0].in_keys(&term_keys("una película")));
    }

    #[test]
    fn stop_words_go_and_inflections_meet() {
        let words: Vec<String> = content_terms("The angles of a triangle")
            .into_iter()
            .map(|t| t.word)
            .collect();
        assert_eq!(words, ["angles", "triangle"]);
        let a = term_keys("triangles");
        let b = content_terms("triángulo");
        assert!(b[0].in_keys(&a), "{a:?} {b:?}");
    }

    #[test]
    fn spanish_cognates_meet_english_words() {
        for (es, en) in [
            ("ángulos", "angles"),
            ("triángulo", "triangle"),
            ("eléctrica", "electric"),
            ("velocidad", "velocity"),
        ] {
            let keys = term_keys(en);
            assert!(content_terms(es)[0].in_keys(&keys), "{es} {en} {keys:?}");
        }
    }

    #[test]
    fn a_spanish_verb_whose_stem_changes_meets_its_infinitive() {
        let keys = term_keys("perderse en el monte y no dormir");
        for form in ["pierdo", "duermo", "duerme"] {
            let term = term_of(form).unwrap();
            assert!(term.in_keys(&keys), "{form}");
        }
        // Through the glossary, it meets the English word too.
        let lost = term_keys("if you get lost");
        assert!(term_of("pierdo").unwrap().in_keys(&lost));
        let pop = term_keys("do not pop a blister");
        assert!(term_of("reviento").unwrap().in_keys(&pop));
    }

    #[test]
    fn a_spanish_superlative_meets_its_adjective() {
        for (superlative, adjective) in [
            ("lentísimo", "lento"),
            ("rojísimas", "rojas"),
            ("riquísimo", "rico"),
            ("larguísima", "larga"),
            ("amabilísimo", "amable"),
        ] {
            let keys = term_keys(adjective);
            assert!(
                content_terms(superlative)[0].in_keys(&keys),
                "{superlative} {adjective}"
            );
        }
        // A word that only ends like one is left alone.
        assert_eq!(superlative_base("mismo"), None);
    }

    #[test]
    fn a_spanish_diminutive_meets_its_word() {
        for (small, word) in [
            ("balconcito", "balcón"),
            ("hojitas", "hojas"),
            ("chiquitas", "chicas"),
            ("casita", "casa"),
            ("plantita", "planta"),
            ("cochecito", "coche"),
        ] {
            let keys = term_keys(word);
            assert!(content_terms(small)[0].in_keys(&keys), "{small} → {word}");
        }
        // A word that only ends like one is left alone.
        assert!(!content_terms("visita")[0].in_keys(&term_keys("visa")));
    }

    #[test]
    fn a_spanish_plural_in_ces_meets_its_singular_in_z() {
        for (plural, singular) in [("raíces", "raíz"), ("luces", "luz"), ("nueces", "nuez")] {
            let keys = term_keys(singular);
            assert!(
                content_terms(plural)[0].in_keys(&keys),
                "{plural} → {singular}"
            );
        }
    }

    /// Asserts that each word of `pairs` meets the other, read either way.
    fn assert_meet_both_ways(pairs: &[(&str, &str)]) {
        for (es, en) in pairs {
            let keys = term_keys(en);
            assert!(content_terms(es)[0].in_keys(&keys), "{es} {en}");
            let keys = term_keys(es);
            assert!(content_terms(en)[0].in_keys(&keys), "{en} {es}");
        }
    }

    /// Asserts that the word each pair's student `said` meets the one a note has
    /// `written`.
    fn assert_said_meets_written(pairs: &[(&str, &str)]) {
        for (said, written) in pairs {
            let keys = term_keys(written);
            assert!(content_terms(said)[0].in_keys(&keys), "{said} {written}");
        }
    }

    #[test]
    fn a_glossary_word_spelled_alike_in_both_languages_means_the_same_in_both() {
        // Every word is read in both languages: "wáter" (toilet) would translate
        // "water", and "red" (network) the colour. A word both sides spell alike is
        // declared a pair of itself ("camping", "closet") or is not in the glossary.
        let pairs: BTreeSet<(String, String)> = include_str!("../../words/any/glossary-en-es.tsv")
            .lines()
            .filter_map(|line| line.split_once('\t'))
            .map(|(en, es)| (normalize(en), normalize(es)))
            .collect();
        let english: BTreeSet<&String> = pairs.iter().map(|(en, _)| en).collect();
        let spanish: BTreeSet<&String> = pairs.iter().map(|(_, es)| es).collect();
        for word in english.intersection(&spanish) {
            assert!(
                pairs.contains(&((*word).clone(), (*word).clone())),
                "{word} is an English and a Spanish glossary word of different meanings"
            );
        }
    }

    #[test]
    fn a_plural_in_ses_meets_its_singular_in_s() {
        assert_meet_both_ways(&[("lenses", "lens"), ("gases", "gas")]);
    }

    #[test]
    fn glossary_translations_meet() {
        assert_meet_both_ways(&[
            ("bombilla", "bulb"),
            ("voltímetro", "voltmeter"),
            ("fábrica", "factory"),
        ]);
    }

    #[test]
    fn the_words_of_daily_life_meet_their_translation() {
        // Family, childcare and food basics, written in one language and read in the
        // other.
        assert_meet_both_ways(&[
            ("miel", "honey"),
            ("leche", "milk"),
            ("pañal", "nappy"),
            ("rabieta", "tantrum"),
        ]);
    }

    #[test]
    fn the_words_each_english_speaking_region_uses_meet_through_their_spanish_word() {
        assert_said_meets_written(&[
            ("diaper", "nappy"),
            ("pjs", "pyjamas"),
            ("aubergine", "eggplant"),
        ]);
    }

    #[test]
    fn words_of_one_meaning_meet_through_a_shared_translation() {
        assert_said_meets_written(&[("celular", "móviles"), ("arreglarla", "reparar")]);
    }

    #[test]
    fn the_everyday_words_of_each_region_meet_the_notes_words() {
        // Everyday words, as students in Spain, Mexico, Argentina, Chile and Colombia
        // say them, meet the words a note is written with.
        assert_said_meets_written(&[
            ("remera", "camiseta"),
            ("playera", "camiseta"),
            ("tenis", "zapatillas"),
            ("lavarropas", "lavadora"),
            ("pulover", "jersey"),
            ("calentador", "radiador"),
            ("balde", "cubo"),
            ("grasoso", "grasa"),
            ("restriego", "frotar"),
            ("sneakers", "zapatillas"),
            ("pink", "rosa"),
            // Food, plants, the flat, getting around, school, money and phones.
            ("jitomates", "tomates"),
            ("palta", "aguacate"),
            ("matera", "maceta"),
            ("depa", "apartamento"),
            ("bondi", "autobús"),
            ("computadora", "ordenador"),
            ("heladera", "nevera"),
        ]);
    }

    #[test]
    fn numbers_are_kept_whole() {
        let t = content_terms("They add up to 180°, or 2,5 turns.");
        let numbers: Vec<&str> = t
            .iter()
            .filter(|t| t.is_number)
            .map(|t| t.word.as_str())
            .collect();
        assert_eq!(numbers, ["180", "2.5"]);
        assert!(!term_keys("360").contains("180"));
    }

    #[test]
    fn an_operation_named_between_numbers_is_that_operation() {
        let multiply = term_keys("2/3 · 4/5");
        assert!(content_terms("¿cuánto es 2/3 por 4/5?")
            .iter()
            .any(|t| t.in_keys(&multiply)));
        let divide = term_keys("3 ÷ 4");
        assert!(content_terms("6 entre 3")
            .iter()
            .any(|t| t.in_keys(&divide)));
        // Not between numbers: the everyday word.
        assert!(!content_terms("por qué")
            .iter()
            .any(|t| t.in_keys(&multiply)));
    }

    #[test]
    fn signs_and_operations_read_as_the_words_of_every_language() {
        assert_eq!(
            *SIGN_WORDS,
            [
                ("°", "degrees grados".into()),
                ("%", "percent porcentaje".into())
            ]
        );
        let words: Vec<&str> = ["add", "multiply", "divide", "subtract"]
            .into_iter()
            .map(|op| named(&OPERATION_NAMES, op))
            .collect();
        assert_eq!(
            words,
            [
                "add sumar",
                "multiply multiplicar",
                "divide dividir",
                "subtract restar"
            ]
        );
        assert_eq!(
            *OPERATION_BETWEEN_NUMBERS,
            [
                ("times", "multiply multiplicar"),
                ("x", "multiply multiplicar"),
                ("over", "divide dividir"),
                ("por", "multiply multiplicar"),
                ("entre", "divide dividir"),
            ]
        );
        assert_eq!(COGNATE_ENDINGS.len(), 15);
        assert_eq!(COGNATE_ENDINGS[0], ("cion", "tion"));
    }

    #[test]
    fn intersect_and_interior_stay_apart() {
        let a = term_keys("intersects");
        assert!(!content_terms("interior")[0].in_keys(&a));
    }
}
