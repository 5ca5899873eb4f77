//! Core's word lists as data: the words its readers and filters know (explaining and
//! teaching words, greetings, function words, yes and no…), one phrase a line in
//! `crates/core/words/<locale>/<list>.txt`, compiled in and read with
//! [`crate::words::lines`]. A translator edits a list, or adds a locale's files.

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

/// The entries of `$list` in every locale core reads, English's then Spanish's, for
/// the lists read whatever the conversation's language.
macro_rules! every_language {
    ($list:literal) => {
        $crate::word_lists::list_in!("en", $list).chain($crate::word_lists::list_in!("es", $list))
    };
}

pub(crate) use {every_language, list_in};

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
