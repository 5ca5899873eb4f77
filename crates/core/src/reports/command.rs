//! Requests the app understands without the model: rename, delete, move, add a section,
//! set or extend a body — in English and Spanish, with or without quotes. Each becomes
//! [`ReportOp`]s on the sections its references resolve to; a reference that fits
//! several sections becomes a question, one that fits none says what the report has.
//! Whatever is not such a request goes to the model's tool loop.

use super::contract::Report;
use super::ops::ReportOp;
use super::references::{not_found_message, resolve_reference, which_section_question};
use super::section_tree::Place;
use crate::language::Language;
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

fn position(word: &str) -> Option<Position> {
    let w = crate::text::normalize::normalize(word);
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
            CommandPlan::Ask(question) => return CommandPlan::Ask(question),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reports::section_tree::tests::sample;

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
}
