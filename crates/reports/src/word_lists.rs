//! The word lists the report editor reads the student's words with:
//! `crates/reports/words/<locale>/<list>.txt`, one phrase per line, compiled in. A request
//! is read in every language the app speaks whatever the conversation's language, so a
//! list is its locales' files chained.

/// A regex alternation (`a|b|…`, without the group) of a list's phrases,
/// each matched as written; with `any_space`, a space in a phrase matches any run of
/// white space.
pub fn alternation(phrases: impl IntoIterator<Item = &'static str>, any_space: bool) -> String {
    phrases
        .into_iter()
        .map(|phrase| {
            let escaped = regex::escape(phrase);
            if any_space {
                escaped.replace(' ', r"\s+")
            } else {
                escaped
            }
        })
        .collect::<Vec<_>>()
        .join("|")
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::word_files;
    use lantern_core::words::lines;

    #[test]
    fn every_list_has_phrases_in_every_locale() {
        for files in [
            word_files!("addition-words"),
            word_files!("ordinals"),
            word_files!("polite-requests"),
            word_files!("question-words"),
            word_files!("rewrite-words"),
            word_files!("section-filler"),
            word_files!("shorter-words"),
            word_files!("spec-words"),
            word_files!("title-words"),
            word_files!("to-english"),
            word_files!("to-spanish"),
        ] {
            for file in files {
                assert!(lines(file).next().is_some(), "{file}");
            }
        }
    }

    #[test]
    fn phrases_are_matched_as_written() {
        let file = "# comment\nmás corto\ncan you\n";
        assert_eq!(alternation(lines(file), false), "más corto|can you");
        assert_eq!(alternation(lines(file), true), r"más\s+corto|can\s+you");
    }
}
