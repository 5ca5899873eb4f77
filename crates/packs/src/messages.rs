//! The pack formats' words: `crates/packs/words/<locale>/packs.ftl`, compiled in.

use lantern_core::words::Words;

/// Every sentence the pack formats write, in each language they speak.
pub static MESSAGES: Words = Words::new(&[
    ("en", &[include_str!("../words/en/packs.ftl")]),
    ("es", &[include_str!("../words/es/packs.ftl")]),
]);

/// `both!("id", name = value, …)`: message `id` in English and in Spanish, as a pair — a
/// pack's problems and warnings carry both, and the teacher sees their language's.
macro_rules! both {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        (
            lantern_core::say!(
                $crate::messages::MESSAGES,
                lantern_core::language::Language::En,
                $id
                $(, $name = $value)*
            ),
            lantern_core::say!(
                $crate::messages::MESSAGES,
                lantern_core::language::Language::Es,
                $id
                $(, $name = $value)*
            ),
        )
    };
}
pub(crate) use both;

#[cfg(test)]
mod tests {
    lantern_core::words_are_whole!(super::MESSAGES);

    fn pair(en: &str, es: &str) -> (String, String) {
        (en.to_string(), es.to_string())
    }

    #[test]
    fn problems_read_as_they_did_in_both_languages() {
        assert_eq!(
            both!("packs-module-length", count = "700", max = "600"),
            pair(
                "700 characters; at most 600",
                "700 caracteres; como mucho 600"
            )
        );
        assert_eq!(
            both!("packs-module-language"),
            pair("must be `en` or `es`", "debe ser `en` o `es`")
        );
        assert_eq!(
            both!("packs-module-topic-id", id = "Bad Id"),
            pair(
                "`Bad Id` must use a-z, 0-9, - and _",
                "`Bad Id` solo puede usar a-z, 0-9, - y _"
            )
        );
        assert_eq!(
            both!("packs-course-drill-unreadable-answer", answer = "x/"),
            pair(
                "the checker cannot read the answer `x/`",
                "el corrector no entiende la respuesta `x/`"
            )
        );
        assert_eq!(
            both!("packs-course-no-units"),
            pair(
                "a course needs at least one unit",
                "un curso necesita al menos una unidad"
            )
        );
        assert_eq!(
            both!("packs-course-question-no-unit"),
            pair(
                "a question needs at least one unit",
                "una pregunta necesita al menos una unidad"
            )
        );
    }
}
