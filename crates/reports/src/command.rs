//! Requests the app understands without the model: rename, delete, move, add a section,
//! set or extend a body — in English and Spanish, with or without quotes. Each becomes
//! [`ReportOp`]s on the sections its references resolve to; a reference that fits
//! several sections becomes a question, one that fits none says what the report has.
//! Whatever is not such a request goes to the model's tool loop.

use super::contract::Report;
use super::messages::MESSAGES;
use super::ops::ReportOp;
use super::references::{label, not_found_message, resolve_reference, which_section_question};
use super::section_tree::Place;
use super::word_edit::{replace_words, say_instead};
use lantern_core::language::Language;
use lantern_core::say;
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

const POLITE_EN: &str = r"^(?:(?:please|can you|could you|would you|now)[,\s]+)*";
const POLITE_ES: &str = r"^(?:(?:por favor|puedes|podrías|podrias|ahora)[,\s]+)*";
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

fn position(word: &str) -> Option<Position> {
    let w = lantern_core::text::normalize::normalize(word);
    let p = match w.as_str() {
        "after" | "below" | "following" | "despues de" | "detras de" | "debajo de" | "tras" => {
            Position::After
        }
        "before" | "above" | "ahead of" | "antes de" | "delante de" | "encima de" => {
            Position::Before
        }
        "under" | "into" | "inside" | "within" | "as a subsection of" | "dentro de" | "bajo"
        | "como subseccion de" => Position::Under,
        "to the end" | "at the end" | "al final" | "to the bottom" | "al final del informe" => {
            Position::End
        }
        "to the top" | "to the start" | "to the beginning" | "at the start" | "at the top"
        | "al principio" | "al inicio" => Position::Start,
        _ => return None,
    };
    Some(p)
}

const POS_EN: &str = r"(?P<pos>after|below|following|before|above|ahead of|under|into|inside|within|as a subsection of|to the end|at the end|to the bottom|to the top|to the start|to the beginning|at the start|at the top)";
const POS_ES: &str = r"(?P<pos>después de|despues de|detrás de|detras de|debajo de|tras|antes de|delante de|encima de|dentro de|bajo|como subsecci[oó]n de|al final|al principio|al inicio)";

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
    let p = |pattern: String, language, build| Pattern {
        regex: regex(&pattern),
        language,
        build,
    };
    vec![
        // Renames, the quoted title first so "rename X to 'A to B'" keeps its "to".
        p(
            format!(
                r"{POLITE_EN}(?:rename|retitle)\s+(?P<target>.+)\s+(?:to|as)\s+(?P<title>{quoted})\s*\.?$"
            ),
            en,
            rename,
        ),
        p(
            format!(
                r"{POLITE_EN}(?:rename|retitle)\s+(?P<target>.+?)\s+(?:to|as)\s+(?P<title>.+)$"
            ),
            en,
            rename,
        ),
        p(
            format!(
                r"{POLITE_EN}change\s+(?:the\s+)?(?:title|heading|name)\s+of\s+(?P<target>.+?)\s+to\s+(?P<title>.+)$"
            ),
            en,
            rename,
        ),
        p(
            format!(
                r"{POLITE_ES}(?:renombra|renombrar|cambia el nombre de|cambiar el nombre de|cambia el t[ií]tulo de|cambiar el t[ií]tulo de)\s+(?P<target>.+?)\s+(?:a|por|como)\s+(?P<title>.+)$"
            ),
            es,
            rename,
        ),
        // Bodies.
        p(
            format!(
                r"{POLITE_EN}(?:set|change|replace|make)\s+(?:the\s+)?(?:body|text|content|contents)\s+of\s+(?P<target>.+?)\s+(?:to|with|into)\s*:?\s+(?P<body>.+)$"
            ),
            en,
            set_body,
        ),
        // "the budget should mention that the tools are donated": a sentence added.
        p(
            format!(
                r"{POLITE_EN}(?:the\s+)?(?P<target>.+?)\s+should\s+(?:also\s+)?(?:mention|include|note|add)\s+(?:that\s+)?(?P<body>.+)$"
            ),
            en,
            append_sentence,
        ),
        p(
            format!(
                r"{POLITE_ES}(?:el\s+|la\s+|los\s+|las\s+)?(?P<target>.+?)\s+deber[ií]an?\s+(?:tambi[eé]n\s+)?(?:mencionar|incluir|indicar|decir)\s+(?:que\s+)?(?P<body>.+)$"
            ),
            es,
            append_sentence,
        ),
        p(
            format!(r"{POLITE_EN}(?P<target>.+?)\s+should\s+(?:say|read)\s*:?\s+(?P<body>.+)$"),
            en,
            set_body,
        ),
        p(
            format!(
                r"{POLITE_ES}(?:cambia|cambiar|reemplaza|reemplazar|pon|poner|sustituye)\s+(?:el\s+)?(?:texto|contenido|cuerpo)\s+de\s+(?P<target>.+?)\s+(?:a|por|con|en)\s*:?\s+(?P<body>.+)$"
            ),
            es,
            set_body,
        ),
        // A body made to say something, and words replaced (before the renames' "change
        // X to Y" can read them).
        p(
            format!(
                r"{POLITE_EN}(?:update|change|edit|amend|fix|correct)\s+(?:the\s+)?(?P<target>.+?)\s+(?:so\s+(?:that\s+)?it\s+(?:says|reads)|to\s+say|to\s+read)\s*:?\s+(?:that\s+)?(?P<text>.+)$"
            ),
            en,
            say_instead,
        ),
        p(
            format!(
                r"{POLITE_ES}(?:actualiza|actualizar|cambia|cambiar|modifica|modificar|corrige|corregir|edita|editar)\s+(?:el\s+|la\s+|los\s+|las\s+)?(?P<target>.+?)\s+para\s+que\s+digan?\s*:?\s+(?:que\s+)?(?P<text>.+)$"
            ),
            es,
            say_instead,
        ),
        p(
            format!(
                r"{POLITE_EN}(?:change|replace|correct|swap)\s+(?P<old>.+?)\s+(?:to|with|by|into|for)\s+(?P<new>.+?)\s+in\s+(?:the\s+)?(?P<target>.+)$"
            ),
            en,
            replace,
        ),
        p(
            format!(
                r"{POLITE_ES}(?:cambia|cambiar|reemplaza|reemplazar|sustituye|sustituir|corrige|corregir)\s+(?P<old>.+?)\s+(?:por|con)\s+(?P<new>.+?)\s+en\s+(?:el\s+|la\s+|los\s+|las\s+)?(?P<target>.+)$"
            ),
            es,
            replace,
        ),
        p(
            format!(
                r"{POLITE_EN}(?:append|add)\s+(?P<body>{quoted})\s+to\s+(?:the\s+end\s+of\s+)?(?P<target>.+)$"
            ),
            en,
            append,
        ),
        p(
            format!(r"{POLITE_EN}append\s+to\s+(?P<target>.+?)\s*:\s*(?P<body>.+)$"),
            en,
            append,
        ),
        p(
            format!(
                r"{POLITE_ES}(?:añade|agrega|añadir|agregar)\s+(?P<body>{quoted})\s+(?:a|al final de)\s+(?P<target>.+)$"
            ),
            es,
            append,
        ),
        // Deletes.
        p(
            format!(r"{POLITE_EN}(?:delete|remove|drop|get rid of|erase)\s+(?P<target>.+)$"),
            en,
            delete,
        ),
        p(
            format!(
                r"{POLITE_ES}(?:elimina|eliminar|borra|borrar|quita|quitar|suprime|suprimir)\s+(?P<target>.+)$"
            ),
            es,
            delete,
        ),
        // Moves.
        p(
            format!(
                r"{POLITE_EN}(?:move|put|place)\s+(?P<target>.+?)\s+{POS_EN}(?:\s+(?:of\s+)?(?P<anchor>.+))?$"
            ),
            en,
            moving,
        ),
        p(
            format!(
                r"{POLITE_EN}make\s+(?P<target>.+?)\s+(?P<pos>a subsection of)\s+(?P<anchor>.+)$"
            ),
            en,
            |c| {
                Some(Command::Move {
                    target: cap(c, "target")?,
                    position: Position::Under,
                    anchor: cap(c, "anchor"),
                })
            },
        ),
        p(
            format!(
                r"{POLITE_ES}(?:mueve|mover|pasa|pasar|coloca|colocar|pon|poner)\s+(?P<target>.+?)\s+{POS_ES}(?:\s+(?P<anchor>.+))?$"
            ),
            es,
            moving,
        ),
        // Swaps.
        p(
            format!(
                r"{POLITE_EN}(?:swap|switch|exchange)\s+(?:the\s+)?first\s+two(?:\s+sections)?\s*\.?$"
            ),
            en,
            swap,
        ),
        p(
            format!(
                r"{POLITE_EN}(?:swap|switch|exchange)\s+(?:the\s+)?(?:sections?\s+)?(?P<a>.+?)\s+(?:and|with)\s+(?:section\s+)?(?P<b>.+)$"
            ),
            en,
            swap,
        ),
        p(
            format!(
                r"{POLITE_ES}(?:intercambia|intercambiar)\s+las\s+dos\s+primeras(?:\s+secciones)?\s*\.?$"
            ),
            es,
            swap,
        ),
        p(
            format!(
                r"{POLITE_ES}(?:intercambia|intercambiar)\s+(?:las\s+)?(?:secciones\s+)?(?P<a>.+?)\s+(?:y|con)\s+(?:la\s+)?(?:secci[oó]n\s+)?(?P<b>.+)$"
            ),
            es,
            swap,
        ),
        // Undo.
        p(
            format!(
                r"{POLITE_EN}(?:undo|revert|reverse|take\s+back)(?:\s+(?:that|it|this|(?:the|my)\s+last(?:\s+(?:change|edit|one))?|the\s+(?:change|edit)))?\s*[.!]?$"
            ),
            en,
            |_| Some(Command::Undo),
        ),
        p(
            format!(
                r"{POLITE_ES}(?:deshaz|deshacer|revierte|revertir|anula|anular)(?:\s+(?:eso|esto|lo\s+[uú]ltimo|el\s+(?:[uú]ltimo\s+)?cambio))?\s*[.!]?$"
            ),
            es,
            |_| Some(Command::Undo),
        ),
        // New sections.
        p(
            format!(
                r"{POLITE_EN}(?:add|insert|create)\s+(?:a\s+|an\s+)?(?:new\s+)?(?:sub)?section\s+(?:called\s+|titled\s+|named\s+|on\s+|about\s+)?(?P<title>.+?)(?:\s+{POS_EN}(?:\s+(?:of\s+)?(?P<anchor>.+?))?)?(?:\s*(?:,\s*)?(?:with the text|with text|that says|saying|with)\s*:?\s+(?P<body>.+))?$"
            ),
            en,
            add,
        ),
        p(
            format!(
                r"{POLITE_ES}(?:añade|agrega|inserta|crea|añadir|agregar|insertar|crear)\s+(?:una\s+)?(?:nueva\s+)?(?:sub)?secci[oó]n\s+(?:llamada\s+|titulada\s+|que se llame\s+|sobre\s+)?(?P<title>.+?)(?:\s+{POS_ES}(?:\s+(?P<anchor>.+?))?)?(?:\s*(?:,\s*)?(?:con el texto|con texto|que diga|diciendo|con)\s*:?\s+(?P<body>.+))?$"
            ),
            es,
            add,
        ),
        // A new section named without the word "section", with where and what it says.
        p(
            format!(
                r"{POLITE_EN}(?:add|insert|create|write)\s+(?:a|an|some)\s+(?:new\s+|short\s+)?(?P<title>\p{{L}}[\p{{L}}\s]{{0,40}}?)\s+{POS_EN}(?:\s+(?:of\s+)?(?P<anchor>.+?))?\s*,?\s*(?:with the text|that says|which says|saying)\s*:?\s+(?:that\s+)?(?P<body>.+)$"
            ),
            en,
            add_said,
        ),
        p(
            format!(
                r"{POLITE_ES}(?:añade|agrega|inserta|crea|escribe|añadir|agregar)\s+(?:una?\s+|unos\s+|unas\s+)(?:nuev[oa]s?\s+)?(?P<title>\p{{L}}[\p{{L}}\s]{{0,40}}?)\s+{POS_ES}(?:\s+(?P<anchor>.+?))?\s*,?\s*(?:con el texto|que\s+digan?|diciendo)\s*:?\s+(?:que\s+)?(?P<body>.+)$"
            ),
            es,
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

/// Where a message with several requests is cut: "; ", ", then", " and then", " and ",
/// " y luego", " y ".
static SEPARATOR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\s*;\s*|,?\s+(?:and then|then|and|y luego|luego|y)\s+|,\s+then\s+")
        .expect("valid regex")
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
