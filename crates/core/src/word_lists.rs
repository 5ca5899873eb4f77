//! Core's word lists as data: the words its readers and filters know (explaining and
//! teaching words, greetings, function words, yes and no…), one phrase a line in
//! `crates/core/words/<locale>/<list>.txt`, compiled in and read with
//! [`crate::words::lines`]. A list read whatever the language is `crate::word_list!`;
//! one locale's list is [`list_in!`]. A translator edits a list, or adds a locale's files.

/// The entries of `words/<locale>/<list>.txt`: `list_in!("en", "thanks")`.
macro_rules! list_in {
    ($locale:literal, $list:literal) => {
        $crate::words::lines(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/words/",
            $locale,
            "/",
            $list,
            ".txt"
        )))
    };
}

pub(crate) use list_in;

/// The `left: right` pairs of a list's entries, trimmed ("°: degrees").
pub(crate) fn pairs(
    entries: impl Iterator<Item = &'static str>,
) -> Vec<(&'static str, &'static str)> {
    entries
        .filter_map(|entry| {
            let pair = entry.split_once(':');
            debug_assert!(pair.is_some(), "{entry:?} is not `left: right`");
            pair
        })
        .map(|(left, right)| (left.trim(), right.trim()))
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn pairs_split_at_the_colon() {
        assert_eq!(
            super::pairs(["°: degrees", "x:multiply "].into_iter()),
            [("°", "degrees"), ("x", "multiply")]
        );
    }
}
