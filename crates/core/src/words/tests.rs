use super::*;

const EN: &str = "hello = Hello, { $name }.\nrows = { $count ->\n    [one] One row\n   *[other] { $count } rows\n}\n";
const ES: &str = "hello = Hola, { $name }.\nrows = { $count ->\n    [one] Una fila\n   *[other] { $count } filas\n}\n";
/// A third locale, as a translator would add it: only files.
const FR: &str = "hello = Bonjour, { $name }.\nrows = { $count ->\n    [one] Une ligne\n   *[other] { $count } lignes\n}\n";

static WORDS: Words = Words::new(&[("en", &[EN]), ("es", &[ES])]);
static THREE: Words = Words::new(&[("en", &[EN]), ("es", &[ES]), ("fr", &[FR])]);

#[test]
fn a_message_is_filled_in_the_language_asked() {
    assert_eq!(
        say!(WORDS, Language::En, "hello", name = "Ana"),
        "Hello, Ana."
    );
    assert_eq!(
        say!(WORDS, Language::Es, "hello", name = "Ana"),
        "Hola, Ana."
    );
}

#[test]
fn placeables_carry_no_bidi_marks() {
    let text = say!(WORDS, Language::En, "hello", name = "Ana");
    assert!(!text.contains(['\u{2068}', '\u{2069}']), "{text:?}");
}

#[test]
fn numbers_choose_the_plural() {
    assert_eq!(say!(WORDS, Language::En, "rows", count = 1), "One row");
    assert_eq!(
        say!(WORDS, Language::Es, "rows", count = 3_usize),
        "3 filas"
    );
}

#[test]
fn a_third_language_is_only_files() {
    assert!(THREE.problems().is_empty(), "{:?}", THREE.problems());
    assert_eq!(THREE.locales_present(), ["en", "es", "fr"]);
    assert_eq!(
        THREE.say_in("fr", "hello", &[("name", "Ana".into())]),
        "Bonjour, Ana."
    );
    assert_eq!(
        THREE.say_in("fr", "rows", &[("count", 2.into())]),
        "2 lignes"
    );
}

#[test]
fn a_message_missing_in_one_language_is_a_problem() {
    static GAP: Words = Words::new(&[("en", &["a = A\nb = B\n"]), ("es", &["a = A\n"])]);
    assert_eq!(GAP.problems(), ["b is missing in es"]);
}

#[test]
fn placeables_that_differ_between_languages_are_a_problem() {
    static DIFF: Words = Words::new(&[
        ("en", &["a = { $x } and { $y }\n"]),
        ("es", &["a = { $x }\n"]),
    ]);
    let problems = DIFF.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].starts_with("a uses"), "{problems:?}");
}

#[test]
fn a_syntax_error_is_a_problem() {
    static BAD: Words = Words::new(&[("en", &["a = A\n!!! nonsense\n"])]);
    assert!(!BAD.problems().is_empty());
}

#[test]
fn variables_are_read_from_selectors_variants_and_functions() {
    static ALL: Words = Words::new(&[(
        "en",
        &["a = { $n ->\n    [one] { $who }\n   *[other] { NUMBER($n) } { $what }\n}\n"],
    )]);
    let vars: Vec<String> = ALL.variables("a").unwrap().into_iter().collect();
    assert_eq!(vars, ["n", "what", "who"]);
}

#[test]
fn a_locale_without_the_message_falls_back_to_english() {
    static PART: Words = Words::new(&[("en", &["a = A\nb = B\n"]), ("es", &["a = Á\n"])]);
    assert_eq!(PART.say(Language::Es, "b", &[]), "B");
}

#[test]
#[should_panic(expected = "unused")]
fn an_argument_the_message_does_not_use_is_caught() {
    let _ = say!(WORDS, Language::En, "hello", name = "Ana", extra = "x");
}

#[test]
#[should_panic(expected = "no message")]
fn an_unknown_id_is_caught() {
    let _ = WORDS.say(Language::En, "nowhere", &[]);
}

#[test]
fn a_word_list_skips_blank_lines_and_comments() {
    let list: Vec<&str> = lines("# yes-words\nyes\n\n  of course \n# end\n").collect();
    assert_eq!(list, ["yes", "of course"]);
}
