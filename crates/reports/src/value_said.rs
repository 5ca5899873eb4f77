//! The shapes of a number or phrase edit as students write them, read without the
//! model: "15 seconds not 10", "Ms Okafor, not Mr Okafor", "change 48 to 50", "cambia
//! el 4,52 por 4,62 en los resultados", "i wrote 37 for B but it was 39", "take out the
//! word fairly", "the conclusion should say best value for money". Only the words are
//! read here; `value_edit` finds them in the report. The shapes are Rust, their words
//! each language's `words/<locale>/value-edits.txt`.

use super::quantity::quantities;
use super::word_lists::{fill, roles, Roles};
use lantern_core::language::Language;
use lantern_core::word_files;
use lantern_core::words::lines;
use regex::{Captures, Regex};
use std::sync::LazyLock;

/// What a message asks to change, in its own words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// These words taken out.
    Remove {
        /// The words to take out.
        old: String,
    },
    /// The old value (a number or words) becomes the new one.
    Replace {
        /// What the report says now.
        old: String,
        /// What it should say.
        new: String,
        /// The section the message names for it ("in the results").
        target: Option<String>,
    },
    /// A name made to read these words where the report has it with one word else
    /// ("make it Mrs Okafor" where it says "Mr Okafor").
    Becomes {
        /// The name as it should read.
        new: String,
    },
    /// A section made to say these words where it says something like them.
    SayInstead {
        /// The section, as named.
        target: String,
        /// The words it should say.
        text: String,
    },
}

/// A message's edit and the language its words were read in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaidEdit {
    /// The edit.
    pub said: Said,
    /// The language of the words that matched.
    pub language: Language,
}

/// The words of the edits in each language: `words/<locale>/value-edits.txt`, by role.
static WORDS: LazyLock<[Roles; 2]> =
    LazyLock::new(|| word_files!("value-edits").map(|file| roles(lines(file))));

const QUOTED: &str = "[\"“'‘«][^\"”'’»]+[\"”'’»]";

/// The shapes, tried in order for each language.
#[derive(Clone, Copy)]
enum Shape {
    Remove,
    Wrote,
    InsteadFirst,
    Instead,
    Change,
    ShouldSay,
    Becomes,
}

static SHAPES: LazyLock<Vec<(Regex, Shape, Language)>> = LazyLock::new(|| {
    let lead = r"^(?:{polite}[,\s]+)*";
    let shapes = [
        (
            r"{remove}\s+(?:(?:{the-word})\s+(?P<old>QUOTED|[^\s,.;]+)|(?P<quoted>QUOTED))(?:\s.*)?$",
            Shape::Remove,
        ),
        (
            r"{wrote}\s+(?P<old>.+?)(?:\s+{for}\s+(?P<row>.+?))?\s*,?\s+{but-was}\s+(?P<new>.+?)\s*[.!]?$",
            Shape::Wrote,
        ),
        (
            r"{instead-first}\s+(?P<old>.+?)\s*,?\s+{was}\s+(?P<new>.+?)\s*[.!]?$",
            Shape::InsteadFirst,
        ),
        (
            r"(?P<pre>.+?)\s*,?\s+{instead}\s+(?:{filler}\s+)?(?P<old>.+?)\s*[.!]?$",
            Shape::Instead,
        ),
        (
            r"{change}\s+(?:{the}\s+)?(?P<old>.+?)\s+{to}\s+(?P<new>.+?)(?:\s+{in}\s+(?:{the}\s+)?(?P<target>.+?))?\s*[.!]?$",
            Shape::Change,
        ),
        (
            r"(?:{the}\s+)?(?P<target>.+?)\s+{should-say}\s*:?\s+(?P<new>.+?)\s*[.!]?$",
            Shape::ShouldSay,
        ),
        (r"{becomes}\s*:?\s+(?P<new>.+?)\s*[.!]?$", Shape::Becomes),
    ];
    let mut out = Vec::new();
    for (pattern, shape) in shapes {
        for (roles, language) in WORDS.iter().zip([Language::En, Language::Es]) {
            let pattern = format!("{lead}{pattern}").replace("QUOTED", QUOTED);
            let regex = Regex::new(&format!("(?is){}", fill(&pattern, roles))).expect("valid");
            out.push((regex, shape, language));
        }
    }
    out
});

/// A captured value without quotes around it or a final full stop.
fn unquoted(text: &str) -> String {
    let t = text.trim().trim_end_matches(['.', '!', ',']).trim();
    let inner = t
        .strip_prefix(['"', '“', '\'', '‘', '«'])
        .and_then(|i| i.strip_suffix(['"', '”', '\'', '’', '»']));
    inner.unwrap_or(t).trim().to_string()
}

fn cap(c: &Captures, name: &str) -> Option<String> {
    c.name(name)
        .map(|m| unquoted(m.as_str()))
        .filter(|s| !s.is_empty())
}

/// The new value at the end of the words before "not": the last number there with its
/// unit when the old value is a number; else as many last words as the old value has,
/// from the last word that starts the old value ("a digital balance, not a balance").
fn new_before(pre: &str, old: &str) -> Option<String> {
    if !quantities(old).is_empty() {
        let q = quantities(pre).into_iter().last()?;
        return Some(pre[q.start..q.unit_end].trim().to_string());
    }
    let words: Vec<&str> = pre.split_whitespace().collect();
    let old_words: Vec<&str> = old.split_whitespace().collect();
    let first = old_words.first()?.to_lowercase();
    let from = words
        .iter()
        .rposition(|w| w.to_lowercase() == first)
        .unwrap_or(words.len().saturating_sub(old_words.len()));
    let new = words[from..].join(" ");
    (!new.is_empty()).then_some(unquoted(&new))
}

/// Reads `message` as a number or phrase edit, when it has one of the shapes.
pub fn read_said(message: &str) -> Option<SaidEdit> {
    let message = message.trim();
    SHAPES.iter().find_map(|(regex, shape, language)| {
        let c = regex.captures(message)?;
        let said = match shape {
            Shape::Remove => Said::Remove {
                old: cap(&c, "old").or_else(|| cap(&c, "quoted"))?,
            },
            Shape::Wrote | Shape::InsteadFirst => Said::Replace {
                old: cap(&c, "old")?,
                new: cap(&c, "new")?,
                target: None,
            },
            Shape::Instead => {
                let old = cap(&c, "old")?;
                Said::Replace {
                    new: new_before(&cap(&c, "pre")?, &old)?,
                    old,
                    target: None,
                }
            }
            Shape::Change => Said::Replace {
                old: cap(&c, "old")?,
                new: cap(&c, "new")?,
                target: cap(&c, "target"),
            },
            Shape::ShouldSay => Said::SayInstead {
                target: cap(&c, "target")?,
                text: cap(&c, "new")?,
            },
            // Only a name: two words at least, one capitalised ("Mrs Okafor").
            Shape::Becomes => Said::Becomes {
                new: cap(&c, "new").filter(|new| {
                    new.split_whitespace().count() >= 2
                        && new
                            .split_whitespace()
                            .any(|w| w.chars().next().is_some_and(char::is_uppercase))
                })?,
            },
        };
        Some(SaidEdit {
            said,
            language: *language,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replace(old: &str, new: &str) -> Said {
        Said::Replace {
            old: old.into(),
            new: new.into(),
            target: None,
        }
    }

    fn said(message: &str) -> Said {
        read_said(message)
            .unwrap_or_else(|| panic!("not read: {message}"))
            .said
    }

    #[test]
    fn the_new_value_before_not_and_the_old_after() {
        assert_eq!(
            said("the sheets were dipped for 15 seconds not 10"),
            replace("10", "15 seconds")
        );
        assert_eq!(
            said("it was Ms Okafor not Mr Okafor"),
            replace("Mr Okafor", "Ms Okafor")
        );
        assert_eq!(
            said("in the evaluation say a digital balance, not just a balance"),
            replace("a balance", "a digital balance")
        );
        assert_eq!(
            said("los dejamos 30 minutos, no 45"),
            replace("45", "30 minutos")
        );
        assert_eq!(
            said("en la conclusión es 16,5 y no 15,5"),
            replace("15,5", "16,5")
        );
        assert_eq!(
            said("pon 150 ml en vez de 100 ml"),
            replace("100 ml", "150 ml")
        );
    }

    #[test]
    fn change_and_wrote_name_the_old_value_first() {
        assert_eq!(said("change 48 to 50"), replace("48", "50"));
        assert_eq!(
            said("cambia el 4,52 por 4,62 en los resultados"),
            Said::Replace {
                old: "4,52".into(),
                new: "4,62".into(),
                target: Some("resultados".into())
            }
        );
        assert_eq!(said("i wrote 37 for B but it was 39"), replace("37", "39"));
    }

    #[test]
    fn the_old_value_may_come_first_after_instead_of() {
        assert_eq!(
            said("en vez de 100 ml eran 120 ml"),
            replace("100 ml", "120 ml")
        );
        assert_eq!(
            said("instead of 10 seconds it was 15"),
            replace("10 seconds", "15")
        );
    }

    #[test]
    fn a_name_as_it_should_read_is_read_alone() {
        assert_eq!(
            said("make it Mrs Okafor"),
            Said::Becomes {
                new: "Mrs Okafor".into()
            }
        );
    }

    #[test]
    fn words_taken_out_are_quoted_or_called_words() {
        assert_eq!(
            said("take out the word fairly in the evaluation"),
            Said::Remove {
                old: "fairly".into()
            }
        );
        assert_eq!(
            said("quita lo de «común» de la sal en los materiales"),
            Said::Remove {
                old: "común".into()
            }
        );
        assert_eq!(read_said("remove the hypothesis"), None);
    }

    #[test]
    fn what_a_section_should_say_is_read_with_the_section() {
        assert_eq!(
            said("the conclusion should say best value for money"),
            Said::SayInstead {
                target: "conclusion".into(),
                text: "best value for money".into()
            }
        );
    }

    #[test]
    fn other_requests_are_no_edit() {
        for message in ["move 2 before 1", "rename 3 to Walls", "make it shorter"] {
            assert_eq!(read_said(message), None, "{message}");
        }
    }
}
