//! The word lists the report editor reads the student's words with:
//! `crates/reports/words/<locale>/<list>.txt`, one phrase per line, compiled in. A request
//! is read in every language the app speaks whatever the conversation's language, so a
//! list is its locales' files chained. A grammar's words (`commands.txt`) are a list of
//! roles, `role: phrase, phrase, …`, that [`fill`] puts into the grammar's patterns.

pub use lantern_core::words::roles::{alternation, fill_from as fill, phrases, roles, Roles};

#[cfg(test)]
mod tests {
    use lantern_core::word_files;
    use lantern_core::words::lines;

    #[test]
    fn every_list_has_phrases_in_every_locale() {
        for files in [
            word_files!("addition-words"),
            word_files!("answer-cues"),
            word_files!("column-cues"),
            word_files!("commands"),
            word_files!("label-questions"),
            word_files!("ordinals"),
            word_files!("polite-requests"),
            word_files!("question-cues"),
            word_files!("question-words"),
            word_files!("rewrite-words"),
            word_files!("section-filler"),
            word_files!("section-words"),
            word_files!("shorter-words"),
            word_files!("spec-words"),
            word_files!("title-words"),
            word_files!("to-english"),
            word_files!("to-spanish"),
            word_files!("units"),
            word_files!("value-edits"),
        ] {
            for file in files {
                assert!(lines(file).next().is_some(), "{file}");
            }
        }
    }
}
