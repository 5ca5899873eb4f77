//! `lantern course check` and `lantern module check`: every problem the importer would
//! refuse (not only the first) and every warning about what imports but weakens the
//! course or module, each with a stable code, file, line, field and a message in English
//! and Spanish ([`PackCheckReport`]). Pure: the caller reads the pack's files within the
//! import limits and hands their text here.

mod anchor;
mod content;
mod course_pack;
mod json_cursor;
mod json_lines;
mod json_lists;
mod parse_all;
mod report;
mod spanish;
mod texts;
mod warnings;

pub use anchor::{fit_anchor, shown_sentences};
pub use course_pack::{check_course_pack, course_listed_files};
pub use json_lines::JsonText;
pub use report::{PackCheckReport, PackFinding, Place, WarningCode, MAX_FINDINGS};
pub use warnings::MIN_MEMO_WORDS;

pub(crate) use json_lists::{member, read_lists};
pub(crate) use parse_all::{element, parse_all, ListReader};
pub(crate) use texts::{missing, missing_manifest, Found, Texts};

#[cfg(test)]
mod adversarial_tests;
#[cfg(test)]
mod properties;
#[cfg(test)]
mod tests;
