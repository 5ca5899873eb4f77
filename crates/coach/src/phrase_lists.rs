//! Word lists more than one of the coach's readers share: the names of the steps, and
//! a list's phrases split into words once, when the list loads.

use lantern_core::word_list;
use std::sync::LazyLock;

/// A list's phrases, each as its words.
pub(crate) fn split_phrases(list: impl Iterator<Item = &'static str>) -> Vec<Vec<&'static str>> {
    list.map(|phrase| phrase.split(' ').collect()).collect()
}

/// Names of the steps and of a part of one. From `words/{en,es}/step-names.txt` and
/// `step-parts.txt`.
pub(crate) static STEP_NOUNS: LazyLock<Vec<&str>> = LazyLock::new(|| {
    word_list!("step-names")
        .chain(word_list!("step-parts"))
        .collect()
});

/// Names of the steps ("warrant", "tesis"), never an ordinary noun of a text. From
/// `words/{en,es}/step-names.txt`.
pub(crate) static STEP_NAMES: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("step-names").collect());

/// A list's lines written "left = right", as pairs (texting shorthand and its full
/// form, a what-if opening and its exception).
pub(crate) fn pairs(
    lines: impl Iterator<Item = &'static str>,
) -> Vec<(&'static str, &'static str)> {
    lines
        .filter_map(|line| line.split_once(" = "))
        .map(|(left, right)| (left.trim(), right.trim()))
        .collect()
}
