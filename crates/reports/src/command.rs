//! Requests the app understands without the model: rename, delete, move, add a section,
//! set or extend a body — in English and Spanish, with or without quotes. Each becomes
//! [`ReportOp`]s on the sections its references resolve to; a reference that fits
//! several sections becomes a question, one that fits none says what the report has.
//! Whatever is not such a request goes to the model's tool loop. The grammar's shape is
//! here; its words are each language's `words/<locale>/commands.txt`, by role.

use super::contract::Report;
use super::messages::MESSAGES;
use super::ops::ReportOp;
use super::references::{label, not_found_message, resolve_reference, which_section_question};
use super::section_tree::Place;
use super::word_edit::{replace_words, say_instead};
use super::word_lists::{alternation, fill, phrases, roles, Roles};
use lantern_core::language::Language;
use lantern_core::text::normalize::normalize;
use lantern_core::words::lines;
use lantern_core::{say, word_files};
use regex::Regex;
use std::sync::LazyLock;

/// Where a moved or added section goes, as the student said it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Position {
    /// After the anchor.
    After,
    /// Before the anchor.
    Before,
    /// Inside the anchor, as its last subsection.
    Under,
    /// At the end of the report.
    End,
    /// At the start of the report.
    Start,
}

/// A request read from the student's words; references still as phrases.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A new title.
    Rename {
        /// The section, as the student named it.
        target: String,
        /// The new title.
        title: String,
    },
    /// A new body.
    SetBody {
        /// The section, as the student named it.
        target: String,
        /// The new body.
        body: String,
    },
    /// Text added at the end of a body.
    Append {
        /// The section, as the student named it.
        target: String,
        /// The text to add.
        text: String,
    },
    /// Remove a section (and its subsections).
    Delete {
        /// The section, as the student named it.
        target: String,
    },
    /// Put a section elsewhere.
    Move {
        /// The section, as the student named it.
        target: String,
        /// Where, relative to the anchor.
        position: Position,
        /// The section it goes next to or inside, as named.
        anchor: Option<String>,
    },
    /// Two sections trade places.
    Swap {
        /// One section, as the student named it.
        first: String,
        /// The other.
        second: String,
    },
    /// Some words of a body replaced by others ("change 3 months to 6 weeks in 6").
    Replace {
        /// The section, as the student named it.
        target: String,
        /// The words there now.
        old: String,
        /// The words to put instead.
        new: String,
    },
    /// A body made to say these words where it says something like them ("update 6 to
    /// say within 6 weeks").
    SayInstead {
        /// The section, as the student named it.
        target: String,
        /// The words it should say.
        text: String,
    },
    /// Take back the last change: the one waiting for review, else the last accepted.
    Undo,
    /// A new section.
    Add {
        /// Its title.
        title: String,
        /// Its body (may be empty).
        body: String,
        /// Where, relative to the anchor.
        position: Position,
        /// The section it goes next to or inside, as named.
        anchor: Option<String>,
    },
}

/// A command and the language it was said in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedCommand {
    /// What to do.
    pub command: Command,
    /// The language of the words that matched.
    pub language: Language,
}

/// The words of the requests in each language: `words/<locale>/commands.txt`, by role.
static WORDS: LazyLock<[Roles; 2]> = LazyLock::new(|| {
    word_files!("commands").map(|file| {
        let mut roles = roles(lines(file));
        let places = PLACES.iter().flat_map(|(role, _)| phrases(&roles, role));
        let places = places.copied().collect();
        roles.push(("position", places));
        roles
    })
});

/// The roles naming where a section goes, in the order the grammar tries them.
const PLACES: [(&str, Position); 5] = [
    ("after", Position::After),
    ("before", Position::Before),
    ("under", Position::Under),
    ("end", Position::End),
    ("start", Position::Start),
];

/// The words of `language`'s requests.
fn words(language: Language) -> &'static Roles {
    match language {
        Language::En => &WORDS[0],
        Language::Es => &WORDS[1],
    }
}

const QUOTE_OPEN: &str = "[\"“'‘«]";
const QUOTE_CLOSE: &str = "[\"”'’»]";

fn regex(pattern: &str) -> Regex {
    Regex::new(&format!("(?is){pattern}")).expect("valid regex")
}

struct Pattern {
    regex: Regex,
    language: Language,
    build: fn(&regex::Captures) -> Option<Command>,
}

fn cap(c: &regex::Captures, name: &str) -> Option<String> {
    c.name(name)
        .map(|m| m.as_str().trim().to_string())
        .filter(|s| !s.is_empty())
}

/// A value with its quotes and a final full stop removed.
fn value(text: &str) -> String {
    let t = text.trim().trim_end_matches(['.', '!']).trim();
    let open = Regex::new(&format!("^{QUOTE_OPEN}")).expect("valid regex");
    let close = Regex::new(&format!("{QUOTE_CLOSE}$")).expect("valid regex");
    if open.is_match(t) && close.is_match(t) && t.chars().count() >= 2 {
        let inner: String = t.chars().skip(1).collect();
        let mut inner: Vec<char> = inner.chars().collect();
        inner.pop();
        return inner.into_iter().collect::<String>().trim().to_string();
    }
    t.to_string()
}

/// A title said in passing ("on costs", "about safety"): capitalised.
fn title_value(text: &str) -> String {
    let v = value(text);
    let mut chars = v.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => v,
    }
}

/// A body said in passing ("saying the garden is worth it"): a sentence.
fn sentence_value(text: &str) -> String {
    let mut body = title_value(text);
    if !body.ends_with(['.', '!', '?']) {
        body.push('.');
    }
    body
}

/// Where a `{position}` phrase of either language puts a section.
fn position(said: &str) -> Option<Position> {
    let plain = |text: &str| {
        normalize(text)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let said = plain(said);
    PLACES.iter().find_map(|(role, place)| {
        let mut phrases = WORDS.iter().flat_map(|roles| phrases(roles, role));
        phrases
            .any(|phrase| plain(phrase) == said)
            .then_some(*place)
    })
}

static PATTERNS: LazyLock<Vec<Pattern>> = LazyLock::new(|| {
    let en = Language::En;
    let es = Language::Es;
    let quoted = format!("{QUOTE_OPEN}[^\"”'’»]+{QUOTE_CLOSE}");
    let rename = |c: &regex::Captures| {
        Some(Command::Rename {
            target: cap(c, "target")?,
            title: value(&cap(c, "title")?),
        })
    };
    let set_body = |c: &regex::Captures| {
        Some(Command::SetBody {
            target: cap(c, "target")?,
            body: value(&cap(c, "body")?),
        })
    };
    let append = |c: &regex::Captures| {
        Some(Command::Append {
            target: cap(c, "target")?,
            text: value(&cap(c, "body")?),
        })
    };
    let append_sentence = |c: &regex::Captures| {
        Some(Command::Append {
            target: cap(c, "target")?,
            text: sentence_value(&cap(c, "body")?),
        })
    };
    let delete = |c: &regex::Captures| {
        Some(Command::Delete {
            target: cap(c, "target")?,
        })
    };
    let moving = |c: &regex::Captures| {
        Some(Command::Move {
            target: cap(c, "target")?,
            position: position(&cap(c, "pos")?)?,
            anchor: cap(c, "anchor"),
        })
    };
    let add = |c: &regex::Captures| {
        Some(Command::Add {
            title: title_value(&cap(c, "title")?),
            body: cap(c, "body").map(|b| value(&b)).unwrap_or_default(),
            position: cap(c, "pos")
                .and_then(|p| position(&p))
                .unwrap_or(Position::End),
            anchor: cap(c, "anchor"),
        })
    };
    let swap = |c: &regex::Captures| {
        Some(Command::Swap {
            first: cap(c, "a").unwrap_or_else(|| "1".into()),
            second: cap(c, "b").unwrap_or_else(|| "2".into()),
        })
    };
    let replace = |c: &regex::Captures| {
        Some(Command::Replace {
            target: cap(c, "target")?,
            old: value(&cap(c, "old")?),
            new: value(&cap(c, "new")?),
        })
    };
    let say_instead = |c: &regex::Captures| {
        Some(Command::SayInstead {
            target: cap(c, "target")?,
            text: value(&cap(c, "text")?),
        })
    };
    // "at the end of 3 saying …" is text for 3, not a new section at the end.
    let add_said = |c: &regex::Captures| {
        let position = position(&cap(c, "pos")?)?;
        let anchor = cap(c, "anchor");
        if matches!(position, Position::End | Position::Start) && anchor.is_some() {
            return None;
        }
        Some(Command::Add {
            title: title_value(&cap(c, "title")?),
            body: sentence_value(&cap(c, "body")?),
            position,
            anchor,
        })
    };
    let p = |language, pattern: &str, build| {
        let pattern = format!("^(?:{{polite}}[,\\s]+)*{pattern}").replace("{quoted}", &quoted);
        Pattern {
            regex: regex(&fill(&pattern, words(language))),
            language,
            build,
        }
    };
    vec![
        // Renames, the quoted title first so "rename X to 'A to B'" keeps its "to".
        p(
            en,
            r"{rename}\s+(?P<target>.+)\s+{rename-as}\s+(?P<title>{quoted})\s*\.?$",
            rename,
        ),
        p(
            en,
            r"{rename}\s+(?P<target>.+?)\s+{rename-as}\s+(?P<title>.+)$",
            rename,
        ),
        p(
            en,
            r"{change}\s+(?:{the}\s+)?{title}\s+{of}\s+(?P<target>.+?)\s+{to}\s+(?P<title>.+)$",
            rename,
        ),
        p(
            es,
            r"{rename}\s+(?P<target>.+?)\s+{rename-as}\s+(?P<title>.+)$",
            rename,
        ),
        p(
            en,
            r"{call}\s+(?:{the}\s+)?(?P<target>.+?\s+{section})\s+(?P<title>.+)$",
            rename,
        ),
        // Bodies.
        p(
            en,
            r"{set}\s+(?:{the}\s+)?{body}\s+{of}\s+(?P<target>.+?)\s+{set-to}\s*:?\s+(?P<body>.+)$",
            set_body,
        ),
        // "the budget should mention that the tools are donated": a sentence added.
        p(
            en,
            r"(?:{the}\s+)?(?P<target>.+?)\s+{should}\s+(?:{also}\s+)?{mention}\s+(?:{that}\s+)?(?P<body>.+)$",
            append_sentence,
        ),
        p(
            es,
            r"(?:{article}\s+)?(?P<target>.+?)\s+{should}\s+(?:{also}\s+)?{mention}\s+(?:{that}\s+)?(?P<body>.+)$",
            append_sentence,
        ),
        p(
            en,
            r"(?P<target>.+?)\s+{should}\s+{say}\s*:?\s+(?P<body>.+)$",
            set_body,
        ),
        p(
            es,
            r"{set}\s+(?:{the-body}\s+)?{body}\s+{of}\s+(?P<target>.+?)\s+{set-to}\s*:?\s+(?P<body>.+)$",
            set_body,
        ),
        // A body made to say something, and words replaced (before the renames' "change
        // X to Y" can read them).
        p(
            en,
            r"{update}\s+(?:{the}\s+)?(?P<target>.+?)\s+{so-it-says}\s*:?\s+(?:{that}\s+)?(?P<text>.+)$",
            say_instead,
        ),
        p(
            es,
            r"{update}\s+(?:{article}\s+)?(?P<target>.+?)\s+{so-it-says}\s*:?\s+(?:{that}\s+)?(?P<text>.+)$",
            say_instead,
        ),
        p(
            en,
            r"{replace}\s+(?P<old>.+?)\s+{replace-with}\s+(?P<new>.+?)\s+{in}\s+(?:{the}\s+)?(?P<target>.+)$",
            replace,
        ),
        p(
            es,
            r"{replace}\s+(?P<old>.+?)\s+{replace-with}\s+(?P<new>.+?)\s+{in}\s+(?:{article}\s+)?(?P<target>.+)$",
            replace,
        ),
        p(
            en,
            r"{append}\s+(?P<body>{quoted})\s+{to}\s+(?:{the-end-of}\s+)?(?P<target>.+)$",
            append,
        ),
        p(
            en,
            r"{append-to}\s+(?P<target>.+?)\s*:\s*(?P<body>.+)$",
            append,
        ),
        p(
            es,
            r"{append}\s+(?P<body>{quoted})\s+{append-to}\s+(?P<target>.+)$",
            append,
        ),
        // Deletes.
        p(en, r"{delete}\s+(?P<target>.+)$", delete),
        p(es, r"{delete}\s+(?P<target>.+)$", delete),
        // Moves.
        p(
            en,
            r"{move}\s+(?P<target>.+?)\s+(?P<pos>{position})(?:\s+(?:{of}\s+)?(?P<anchor>.+))?$",
            moving,
        ),
        p(
            en,
            r"{make}\s+(?P<target>.+?)\s+{a-subsection-of}\s+(?P<anchor>.+)$",
            |c| {
                Some(Command::Move {
                    target: cap(c, "target")?,
                    position: Position::Under,
                    anchor: cap(c, "anchor"),
                })
            },
        ),
        p(
            es,
            r"{move}\s+(?P<target>.+?)\s+(?P<pos>{position})(?:\s+(?P<anchor>.+))?$",
            moving,
        ),
        // Swaps.
        p(
            en,
            r"{swap}\s+(?:{the}\s+)?{first-two}(?:\s+{sections})?\s*\.?$",
            swap,
        ),
        p(
            en,
            r"{swap}\s+(?:{the}\s+)?(?:{sections}\s+|{section}\s+)?(?P<a>.+?)\s+{swap-and}\s+(?:{section}\s+)?(?P<b>.+)$",
            swap,
        ),
        p(es, r"{swap}\s+{first-two}(?:\s+{sections})?\s*\.?$", swap),
        p(
            es,
            r"{swap}\s+(?:{the-sections}\s+)?(?:{sections}\s+)?(?P<a>.+?)\s+{swap-and}\s+(?:{the-section}\s+)?(?:{section}\s+)?(?P<b>.+)$",
            swap,
        ),
        // Undo.
        p(en, r"{undo}(?:\s+{undo-what})?\s*[.!]?$", |_| {
            Some(Command::Undo)
        }),
        p(es, r"{undo}(?:\s+{undo-what})?\s*[.!]?$", |_| {
            Some(Command::Undo)
        }),
        // New sections.
        p(
            en,
            r"{add}\s+(?:{a}\s+)?(?:{new}\s+)?{new-section}\s+(?:{called}\s+)?(?P<title>.+?)(?:\s+(?P<pos>{position})(?:\s+(?:{of}\s+)?(?P<anchor>.+?))?)?(?:\s*(?:,\s*)?{with-text}\s*:?\s+(?P<body>.+))?$",
            add,
        ),
        p(
            es,
            r"{add}\s+(?:{a}\s+)?(?:{new}\s+)?{new-section}\s+(?:{called}\s+)?(?P<title>.+?)(?:\s+(?P<pos>{position})(?:\s+(?P<anchor>.+?))?)?(?:\s*(?:,\s*)?{with-text}\s*:?\s+(?P<body>.+))?$",
            add,
        ),
        // A new section named without the word "section", with where and what it says.
        p(
            en,
            r"{add-said}\s+{some}\s+(?:{new-short}\s+)?(?P<title>\p{L}[\p{L}\s]{0,40}?)\s+(?P<pos>{position})(?:\s+(?:{of}\s+)?(?P<anchor>.+?))?\s*,?\s*{saying}\s*:?\s+(?:{that}\s+)?(?P<body>.+)$",
            add_said,
        ),
        p(
            es,
            r"{add-said}\s+{some}\s+(?:{new-short}\s+)?(?P<title>\p{L}[\p{L}\s]{0,40}?)\s+(?P<pos>{position})(?:\s+(?P<anchor>.+?))?\s*,?\s*{saying}\s*:?\s+(?:{that}\s+)?(?P<body>.+)$",
            add_said,
        ),
    ]
});

/// Reads `message` as a command, when it is one.
pub fn parse_command(message: &str) -> Option<ParsedCommand> {
    let message = message.trim();
    PATTERNS.iter().find_map(|p| {
        let captures = p.regex.captures(message)?;
        let command = (p.build)(&captures)?;
        Some(ParsedCommand {
            command,
            language: p.language,
        })
    })
}

/// Where a message with several requests is cut: at ";", and at the `and-then` words of
/// each language (", then", " and ", " y luego", " y "…).
static SEPARATOR: LazyLock<Regex> = LazyLock::new(|| {
    let [en, es] = &*WORDS;
    let words = phrases(en, "and-then")
        .iter()
        .chain(phrases(es, "and-then"));
    let words = alternation(words.copied(), true);
    Regex::new(&format!(r"(?i)\s*;\s*|,?\s+(?:{words})\s+")).expect("valid regex")
});

/// Reads `message` as one or more commands ("delete 2.2 and move 3 before 1"): cut at
/// "and", "then", ";", … only where every part is a command on its own, else read whole.
pub fn parse_commands(message: &str) -> Option<Vec<ParsedCommand>> {
    let parts: Vec<&str> = SEPARATOR
        .split(message.trim())
        .filter(|p| !p.trim().is_empty())
        .collect();
    if parts.len() > 1 {
        let parsed: Option<Vec<ParsedCommand>> = parts.iter().map(|p| parse_command(p)).collect();
        if parsed.is_some() {
            return parsed;
        }
    }
    parse_command(message).map(|c| vec![c])
}

/// Plans several commands: every reference read against `report` as the student sees
/// it (so "delete 2 and rename 3" means today's 3), new sections given distinct ids.
pub fn plan_commands(report: &Report, parsed: &[ParsedCommand]) -> CommandPlan {
    let mut ids = report.clone();
    let mut all = Vec::new();
    for command in parsed {
        match plan_command(report, command) {
            CommandPlan::Apply(ops) => all.extend(ops.into_iter().map(|op| match op {
                ReportOp::AddSection {
                    place,
                    title,
                    body_md,
                    ..
                } => ReportOp::AddSection {
                    id: ids.allocate_id(),
                    place,
                    title,
                    body_md,
                },
                other => other,
            })),
            other => return other,
        }
    }
    CommandPlan::Apply(all)
}

/// What the app does with a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandPlan {
    /// These changes (ids of new sections allocated from the report).
    Apply(Vec<ReportOp>),
    /// Ask the student: a reference fits several sections, or none.
    Ask(String),
    /// Take back the last change (the store knows which).
    Undo,
    /// Not the app's to do after all (the words to replace are not there): the model's,
    /// on this section when one was named.
    Model(Option<String>),
}

/// Resolves a command's references against `report` into changes or a question.
pub fn plan_command(report: &Report, parsed: &ParsedCommand) -> CommandPlan {
    let language = parsed.language;
    let resolve = |phrase: &str| -> Result<String, CommandPlan> {
        match resolve_reference(report, phrase).as_slice() {
            [id] => Ok(id.clone()),
            [] => Err(CommandPlan::Ask(not_found_message(
                report, phrase, language,
            ))),
            many => Err(CommandPlan::Ask(which_section_question(
                report, many, language,
            ))),
        }
    };
    let place = |position: Position, anchor: &Option<String>| -> Result<Place, CommandPlan> {
        let first = report.sections.first().map(|s| s.id.clone());
        match (position, anchor) {
            (Position::End, _) => Ok(Place::End),
            (Position::Start, _) => Ok(first.map_or(Place::End, Place::Before)),
            (_, None) => Ok(Place::End),
            (Position::After, Some(a)) => Ok(Place::After(resolve(a)?)),
            (Position::Before, Some(a)) => Ok(Place::Before(resolve(a)?)),
            (Position::Under, Some(a)) => Ok(Place::Under(resolve(a)?)),
        }
    };
    let ops = (|| -> Result<Vec<ReportOp>, CommandPlan> {
        Ok(vec![match &parsed.command {
            Command::Undo => return Err(CommandPlan::Undo),
            Command::Swap { first, second } => {
                return swap_sections(report, &resolve(first)?, &resolve(second)?, language)
            }
            Command::Replace { target, old, new } => {
                let id = resolve(target)?;
                let body = report
                    .find(&id)
                    .map(|s| s.body_md.clone())
                    .unwrap_or_default();
                match replace_words(&body, old, new) {
                    Some(body) => body_update(id, body),
                    None => return Err(CommandPlan::Model(Some(id))),
                }
            }
            Command::SayInstead { target, text } => {
                let id = resolve(target)?;
                let body = report
                    .find(&id)
                    .map(|s| s.body_md.clone())
                    .unwrap_or_default();
                match say_instead(&body, text) {
                    Some(body) => body_update(id, body),
                    None => return Err(CommandPlan::Model(Some(id))),
                }
            }
            Command::Rename { target, title } => ReportOp::UpdateSection {
                id: resolve(target)?,
                title: Some(title.clone()),
                body_md: None,
            },
            Command::SetBody { target, body } => ReportOp::UpdateSection {
                id: resolve(target)?,
                title: None,
                body_md: Some(body.clone()),
            },
            Command::Append { target, text } => {
                let id = resolve(target)?;
                let old = report
                    .find(&id)
                    .map(|s| s.body_md.trim_end().to_string())
                    .unwrap_or_default();
                let body = if old.is_empty() {
                    text.clone()
                } else {
                    format!("{old}\n\n{text}")
                };
                ReportOp::UpdateSection {
                    id,
                    title: None,
                    body_md: Some(body),
                }
            }
            Command::Delete { target } => ReportOp::DeleteSection {
                id: resolve(target)?,
            },
            Command::Move {
                target,
                position,
                anchor,
            } => ReportOp::MoveSection {
                id: resolve(target)?,
                place: place(*position, anchor)?,
            },
            Command::Add {
                title,
                body,
                position,
                anchor,
            } => {
                let place = place(*position, anchor)?;
                ReportOp::AddSection {
                    id: report.clone().allocate_id(),
                    place,
                    title: title.clone(),
                    body_md: body.clone(),
                }
            }
        }])
    })();
    match ops {
        Ok(ops) => CommandPlan::Apply(ops),
        Err(plan) => plan,
    }
}

fn body_update(id: String, body: String) -> ReportOp {
    ReportOp::UpdateSection {
        id,
        title: None,
        body_md: Some(body),
    }
}

/// The moves that make two sections of the same parent trade places: the later one
/// goes before the earlier, then the earlier goes where the later was.
fn swap_sections(
    report: &Report,
    first: &str,
    second: &str,
    language: Language,
) -> Result<Vec<ReportOp>, CommandPlan> {
    let outline = report.outline();
    let index = |id: &str| outline.iter().position(|e| e.id == id);
    let parent = |id: &str| {
        report.number_of(id).map(|n| {
            n.rsplit_once('.')
                .map(|(p, _)| p.to_string())
                .unwrap_or_default()
        })
    };
    let (Some(a), Some(b)) = (index(first), index(second)) else {
        return Err(CommandPlan::Model(None));
    };
    let (early, late) = if a < b {
        (first, second)
    } else {
        (second, first)
    };
    if first == second || parent(first) != parent(second) {
        return Err(CommandPlan::Ask(swap_refused(
            report, first, second, language,
        )));
    }
    let siblings: Vec<&str> = outline
        .iter()
        .filter(|e| parent(&e.id) == parent(early))
        .map(|e| e.id.as_str())
        .collect();
    let late_at = siblings.iter().position(|id| *id == late).unwrap_or(0);
    let before_late = siblings[late_at.saturating_sub(1)];
    let moving = |id: &str, place| ReportOp::MoveSection {
        id: id.to_string(),
        place,
    };
    Ok(if before_late == early {
        vec![moving(early, Place::After(late.to_string()))]
    } else {
        vec![
            moving(late, Place::Before(early.to_string())),
            moving(early, Place::After(before_late.to_string())),
        ]
    })
}

/// Why two sections cannot trade places: they are one, or at different levels.
fn swap_refused(report: &Report, first: &str, second: &str, language: Language) -> String {
    if first == second {
        return say!(
            MESSAGES,
            language,
            "reports-swap-same",
            section = &label(report, first)
        );
    }
    say!(
        MESSAGES,
        language,
        "reports-swap-levels",
        first = &label(report, first),
        second = &label(report, second)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::section_tree::tests::sample;

    fn parsed(message: &str) -> Command {
        parse_command(message)
            .unwrap_or_else(|| panic!("not a command: {message}"))
            .command
    }

    fn plan(message: &str) -> CommandPlan {
        plan_command(&sample(), &parse_command(message).unwrap())
    }

    #[test]
    fn renames_in_english_and_spanish() {
        assert_eq!(
            parsed("Rename 2. Roofing to Roof Assembly"),
            Command::Rename {
                target: "2. Roofing".into(),
                title: "Roof Assembly".into()
            }
        );
        assert_eq!(
            parsed("please rename section 1 to “Scope and aims”."),
            Command::Rename {
                target: "section 1".into(),
                title: "Scope and aims".into()
            }
        );
        assert_eq!(
            parsed("Rename the intro to 'Back to basics'"),
            Command::Rename {
                target: "the intro".into(),
                title: "Back to basics".into()
            }
        );
        assert_eq!(
            parsed("Cambia el título de la sección 2 a Cubierta"),
            Command::Rename {
                target: "la sección 2".into(),
                title: "Cubierta".into()
            }
        );
    }

    #[test]
    fn a_section_called_something_new_is_renamed() {
        assert_eq!(
            parsed("call the fair test section Control variables"),
            Command::Rename {
                target: "fair test section".into(),
                title: "Control variables".into()
            }
        );
    }

    #[test]
    fn second_thoughts_and_del_are_read() {
        assert_eq!(parsed("actually put it back how it was"), Command::Undo);
        assert_eq!(parsed("no wait, undo that"), Command::Undo);
        assert_eq!(
            parsed("pon la hipótesis antes del objetivo"),
            Command::Move {
                target: "la hipótesis".into(),
                position: Position::Before,
                anchor: Some("objetivo".into())
            }
        );
        let Command::Add { title, body, .. } = parsed(
            "añade una sección de Fuentes de error después de la discusión que diga que no todos se secaron",
        ) else {
            panic!()
        };
        assert_eq!(
            (title.as_str(), body.as_str()),
            ("Fuentes de error", "no todos se secaron")
        );
    }

    #[test]
    fn deletes_and_moves() {
        assert_eq!(
            parsed("delete section 2.2"),
            Command::Delete {
                target: "section 2.2".into()
            }
        );
        assert_eq!(
            parsed("Borra la sección 3"),
            Command::Delete {
                target: "la sección 3".into()
            }
        );
        assert_eq!(
            parsed("move the recommendations before section 1"),
            Command::Move {
                target: "the recommendations".into(),
                position: Position::Before,
                anchor: Some("section 1".into())
            }
        );
        assert_eq!(
            parsed("Move 2.1 to the end"),
            Command::Move {
                target: "2.1".into(),
                position: Position::End,
                anchor: None
            }
        );
        assert_eq!(
            parsed("mueve la sección 3 dentro de la sección 2"),
            Command::Move {
                target: "la sección 3".into(),
                position: Position::Under,
                anchor: Some("la sección 2".into())
            }
        );
    }

    #[test]
    fn adds_with_place_and_text() {
        assert_eq!(
            parsed("Add a section called Costs after section 2 with the text: About 2,000 euros."),
            Command::Add {
                title: "Costs".into(),
                body: "About 2,000 euros".into(),
                position: Position::After,
                anchor: Some("section 2".into())
            }
        );
        assert_eq!(
            parsed("add a new section on safety"),
            Command::Add {
                title: "Safety".into(),
                body: String::new(),
                position: Position::End,
                anchor: None
            }
        );
        assert_eq!(
            parsed("Añade una sección llamada Costes después de la sección 1"),
            Command::Add {
                title: "Costes".into(),
                body: String::new(),
                position: Position::After,
                anchor: Some("la sección 1".into())
            }
        );
    }

    #[test]
    fn bodies_set_and_extended() {
        assert_eq!(
            parsed("Set the text of 2.2 to: Tight now."),
            Command::SetBody {
                target: "2.2".into(),
                body: "Tight now".into()
            }
        );
        assert_eq!(
            parsed("add \"Checked in May.\" to the gutters section"),
            Command::Append {
                target: "the gutters section".into(),
                text: "Checked in May.".into()
            }
        );
    }

    #[test]
    fn several_requests_in_one_message() {
        let all = parse_commands("Rename 1 to Scope and rename 3 to Advice").unwrap();
        assert_eq!(all.len(), 2);
        let CommandPlan::Apply(ops) = plan_commands(&sample(), &all) else {
            panic!()
        };
        assert_eq!(
            ops[1],
            ReportOp::UpdateSection {
                id: "s5".into(),
                title: Some("Advice".into()),
                body_md: None
            }
        );
        let two_adds = parse_commands("add a section called A; add a section called B").unwrap();
        let CommandPlan::Apply(ops) = plan_commands(&sample(), &two_adds) else {
            panic!()
        };
        assert_eq!((ops[0].section_id(), ops[1].section_id()), ("s6", "s7"));
        let one = parse_commands("rename 2 to Costs and benefits").unwrap();
        assert_eq!(
            one[0].command,
            Command::Rename {
                target: "2".into(),
                title: "Costs and benefits".into()
            }
        );
        assert_eq!(
            parse_commands("borra 2.2 y mueve 3 antes de 1")
                .unwrap()
                .len(),
            2
        );
    }

    #[test]
    fn other_requests_go_to_the_model() {
        for message in [
            "Make the introduction shorter",
            "What does the report say about gutters?",
            "hola",
        ] {
            assert_eq!(parse_command(message), None, "{message}");
        }
    }

    #[test]
    fn commands_become_changes_on_the_resolved_sections() {
        assert_eq!(
            plan("rename 2.1 to Gutters and downpipes"),
            CommandPlan::Apply(vec![ReportOp::UpdateSection {
                id: "s3".into(),
                title: Some("Gutters and downpipes".into()),
                body_md: None
            }])
        );
        assert_eq!(
            plan("move the recommendations to the top"),
            CommandPlan::Apply(vec![ReportOp::MoveSection {
                id: "s5".into(),
                place: Place::Before("s1".into())
            }])
        );
        let CommandPlan::Apply(ops) = plan("add a section called Costs under 2") else {
            panic!()
        };
        assert_eq!(
            ops[0],
            ReportOp::AddSection {
                id: "s6".into(),
                place: Place::Under("s2".into()),
                title: "Costs".into(),
                body_md: String::new()
            }
        );
        let CommandPlan::Apply(ops) = plan("append to 2.2: Needs a roofer.") else {
            panic!()
        };
        assert_eq!(
            ops[0],
            ReportOp::UpdateSection {
                id: "s4".into(),
                title: None,
                body_md: Some("Loose.\n\nNeeds a roofer".into())
            }
        );
    }

    #[test]
    fn an_unknown_or_ambiguous_reference_becomes_a_question() {
        let CommandPlan::Ask(text) = plan("delete the chimney section") else {
            panic!()
        };
        assert!(text.contains("1 Introduction"), "{text}");
        let mut report = sample();
        report.find_mut("s1").unwrap().title = "Notes".into();
        report.find_mut("s4").unwrap().title = "Notes".into();
        let CommandPlan::Ask(text) =
            plan_command(&report, &parse_command("delete the notes").unwrap())
        else {
            panic!()
        };
        assert!(text.starts_with("Which section"), "{text}");
    }

    #[test]
    fn swaps_read_numbers_titles_and_the_first_two() {
        assert_eq!(
            parsed("swap the first two sections"),
            Command::Swap {
                first: "1".into(),
                second: "2".into()
            }
        );
        assert_eq!(
            parsed("intercambia las secciones 1 y 3"),
            Command::Swap {
                first: "1".into(),
                second: "3".into()
            }
        );
        let CommandPlan::Apply(ops) = plan("can you swap sections 1 and 3") else {
            panic!("no plan");
        };
        let mut report = sample();
        for op in &ops {
            crate::apply_op(&mut report, op).unwrap();
        }
        let titles: Vec<String> = report.sections.iter().map(|s| s.title.clone()).collect();
        assert_eq!(titles, ["Recommendations", "Roofing", "Introduction"]);
        assert!(matches!(plan("swap 1 and 2.1"), CommandPlan::Ask(_)));
    }

    #[test]
    fn words_replaced_or_said_instead_are_edits_of_the_body() {
        assert_eq!(
            parsed("change 3 months to 6 weeks in the recommendations"),
            Command::Replace {
                target: "recommendations".into(),
                old: "3 months".into(),
                new: "6 weeks".into()
            }
        );
        assert_eq!(
            parsed("Update the recommendations to say within 6 weeks"),
            Command::SayInstead {
                target: "recommendations".into(),
                text: "within 6 weeks".into()
            }
        );
        assert_eq!(
            plan("replace gutters with downpipes in 3"),
            CommandPlan::Apply(vec![body_update("s5".into(), "Fix the downpipes.".into())])
        );
        assert_eq!(
            plan("replace slates with tiles in 3"),
            CommandPlan::Model(Some("s5".into()))
        );
    }

    #[test]
    fn what_a_section_should_mention_is_a_sentence_added() {
        assert_eq!(
            parsed("the budget should mention that the tools are donated"),
            Command::Append {
                target: "budget".into(),
                text: "The tools are donated.".into()
            }
        );
        assert_eq!(
            parsed("las conclusiones deberían mencionar que la granja contamina"),
            Command::Append {
                target: "conclusiones".into(),
                text: "La granja contamina.".into()
            }
        );
    }

    #[test]
    fn undo_is_read_in_both_languages() {
        assert_eq!(parsed("undo the last change"), Command::Undo);
        assert_eq!(parsed("please undo that"), Command::Undo);
        assert_eq!(parsed("deshaz el último cambio"), Command::Undo);
        assert_eq!(plan("undo"), CommandPlan::Undo);
    }

    #[test]
    fn a_new_section_named_without_the_word_section_needs_where_and_what() {
        assert_eq!(
            parsed("add a conclusion at the end saying the house is worth buying"),
            Command::Add {
                title: "Conclusion".into(),
                body: "The house is worth buying.".into(),
                position: Position::End,
                anchor: None
            }
        );
        assert!(
            parse_command("add a note at the end of 3 saying call the roofer")
                .is_none_or(|p| !matches!(p.command, Command::Add { .. }))
        );
        assert!(parse_command("add a conclusion").is_none());
    }
}
