//! How a folder of notes is organised, whatever the teacher did: one file per part
//! (ordered by file name), one file with a heading per part, folders per part, a README
//! or index beside them, or one plain file. The parts become a course's units or a
//! module's sections.

use super::names::{file_stem, natural_order, title_from_name};
use super::notes::{read_note, Note};
use lantern_core::text::heading::strip_number;
use lantern_core::word_list;
use std::sync::LazyLock;

/// Stems of a file that introduces the notes rather than being a part of them
/// (`words/<locale>/intro-files.txt`).
static INTRO_STEMS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("intro-files").collect());

/// A piece of the notes: a whole file, or the part of a file under one heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Source {
    /// The note's path in the notes folder.
    pub path: String,
    /// Its Markdown.
    pub text: String,
}

/// One unit (or section) of the notes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Part {
    /// Its title.
    pub title: String,
    /// Its notes, in reading order.
    pub sources: Vec<Source>,
}

/// How the notes were organised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Shape {
    /// One file per part.
    FilePerPart,
    /// Folders (and maybe files) per part.
    Folders,
    /// One file, a heading of `level` per part.
    Headings {
        /// The file.
        file: String,
        /// The heading level that starts a part.
        level: u8,
    },
    /// One file, one part.
    Single,
}

/// The notes as parts, with the title and introduction they give the whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Outline {
    /// The title the notes give themselves (a README's or the single file's heading).
    pub title: Option<String>,
    /// Markdown that introduces the whole (a README, text before the first part).
    pub intro: String,
    /// The parts, in order.
    pub parts: Vec<Part>,
    /// How they were found.
    pub shape: Shape,
}

/// A path with `/` separators and no leading `./` or `/`.
fn clean_path(path: &str) -> String {
    let path = path.replace('\\', "/");
    path.split('/')
        .filter(|p| !p.is_empty() && *p != ".")
        .collect::<Vec<_>>()
        .join("/")
}

fn is_intro(path: &str) -> bool {
    let stem = lantern_core::text::normalize::normalize(file_stem(path)).replace(' ', "");
    INTRO_STEMS.contains(&stem.as_str())
}

/// The heading that titles a note: a heading before any text, else its first `#`.
fn title_heading(note: &Note) -> Option<&super::notes::Heading> {
    let first_text = note.content_starts.first().copied().unwrap_or(usize::MAX);
    note.headings
        .iter()
        .find(|h| h.span.start < first_text)
        .or_else(|| note.headings.iter().find(|h| h.level == 1))
}

/// The title a note gives itself: a heading before any text, else its first `#`.
pub(crate) fn note_title(note: &Note) -> Option<String> {
    title_heading(note)
        .map(|h| strip_number(&h.title))
        .filter(|t| !t.is_empty())
}

/// The title of a file part: its own heading, else its file name.
fn file_title(path: &str, text: &str) -> String {
    note_title(&read_note(text)).unwrap_or_else(|| title_from_name(path))
}

/// A file's text without its title heading (what introduces the rest).
fn without_title(text: &str) -> String {
    let note = read_note(text);
    match title_heading(&note) {
        Some(h) => format!("{}{}", &text[..h.span.start], &text[h.span.end..]),
        None => text.to_string(),
    }
}

/// The heading level that splits one file into parts: the highest level with two or
/// more headings and at most one heading above it (the file's title).
fn split_level(note: &Note) -> Option<u8> {
    (1..=6u8).find(|level| {
        let at = note.headings.iter().filter(|h| h.level == *level).count();
        let above = note.headings.iter().filter(|h| h.level < *level).count();
        at >= 2 && above <= 1
    })
}

/// One file split at its headings of one level (or kept whole).
fn split_file(path: &str, text: &str) -> Outline {
    let note = read_note(text);
    let Some(level) = split_level(&note) else {
        return Outline {
            title: None,
            intro: String::new(),
            parts: vec![Part {
                title: file_title(path, text),
                sources: vec![Source {
                    path: path.to_string(),
                    text: text.to_string(),
                }],
            }],
            shape: Shape::Single,
        };
    };
    let starts: Vec<&super::notes::Heading> =
        note.headings.iter().filter(|h| h.level == level).collect();
    let first = starts.first().map_or(text.len(), |h| h.span.start);
    let title_heading = note.headings.iter().find(|h| h.level < level);
    let title = title_heading
        .map(|h| strip_number(&h.title))
        .filter(|t| !t.is_empty());
    let intro = match title_heading {
        Some(h) if h.span.end <= first => {
            format!("{}{}", &text[..h.span.start], &text[h.span.end..first])
        }
        _ => text[..first].to_string(),
    };
    let parts = starts
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let end = starts.get(i + 1).map_or(text.len(), |next| next.span.start);
            let title = strip_number(&h.title);
            Part {
                title: if title.is_empty() {
                    format!("{} {}", title_from_name(path), i + 1)
                } else {
                    title
                },
                sources: vec![Source {
                    path: path.to_string(),
                    text: text[h.span.start..end.max(h.span.start)].to_string(),
                }],
            }
        })
        .collect();
    Outline {
        title,
        intro,
        parts,
        shape: Shape::Headings {
            file: path.to_string(),
            level,
        },
    }
}

/// The files of one entry of a folder: a root file, or a folder's files.
struct Group<'a> {
    name: String,
    folder: bool,
    files: Vec<(String, &'a str)>,
}

/// The files grouped by their first path component, in order.
fn groups<'a>(files: &[(String, &'a str)]) -> Vec<Group<'a>> {
    let mut out: Vec<Group<'a>> = Vec::new();
    for (path, text) in files {
        let (name, folder) = match path.split_once('/') {
            Some((top, _)) => (top.to_string(), true),
            None => (path.clone(), false),
        };
        match out
            .iter_mut()
            .find(|g| g.folder && folder && g.name == name)
        {
            Some(g) => g.files.push((path.clone(), text)),
            None => out.push(Group {
                name,
                folder,
                files: vec![(path.clone(), text)],
            }),
        }
    }
    out.sort_by(|a, b| natural_order(&a.name, &b.name));
    out
}

/// A folder as one part: titled by its intro file's heading or its name, the intro
/// file first.
fn folder_part(name: &str, mut files: Vec<(String, &str)>) -> Part {
    files.sort_by_key(|(p, _)| !is_intro(p));
    let title = files
        .first()
        .filter(|(p, _)| is_intro(p))
        .and_then(|(_, t)| note_title(&read_note(t)))
        .unwrap_or_else(|| title_from_name(name));
    Part {
        title,
        sources: files
            .into_iter()
            .map(|(path, text)| Source {
                path,
                text: text.to_string(),
            })
            .collect(),
    }
}

/// The outline of `notes` (path in the notes folder, Markdown). Empty notes give no
/// part.
pub(crate) fn outline(notes: &[(String, String)]) -> Outline {
    let mut files: Vec<(String, &str)> = notes
        .iter()
        .map(|(p, t)| (clean_path(p), t.as_str()))
        .filter(|(p, _)| !p.is_empty())
        .collect();
    files.sort_by(|a, b| natural_order(&a.0, &b.0));
    // Full paths keep naming the notes; `view` is what the grouping looks at.
    let mut prefix = String::new();
    let mut intro_file: Option<(String, String)> = None;
    loop {
        let view: Vec<(String, &str)> = files
            .iter()
            .filter_map(|(p, t)| p.strip_prefix(&prefix).map(|r| (r.to_string(), *t)))
            .filter(|(p, _)| {
                intro_file
                    .as_ref()
                    .is_none_or(|(i, _)| format!("{prefix}{p}") != *i)
            })
            .collect();
        if intro_file.is_none() && view.len() > 1 {
            if let Some((p, t)) = view.iter().find(|(p, _)| !p.contains('/') && is_intro(p)) {
                intro_file = Some((format!("{prefix}{p}"), t.to_string()));
                continue;
            }
        }
        let found = groups(&view);
        match found.as_slice() {
            [] => {
                return Outline {
                    title: None,
                    intro: String::new(),
                    parts: Vec::new(),
                    shape: Shape::Single,
                }
            }
            [one] if one.folder => prefix = format!("{prefix}{}/", one.name),
            [one] => {
                let path = format!("{prefix}{}", one.name);
                let mut outline = split_file(&path, one.files[0].1);
                if let Some((_, text)) = &intro_file {
                    outline.title = note_title(&read_note(text)).or(outline.title);
                    outline.intro = format!("{}\n\n{}", without_title(text), outline.intro);
                }
                return outline;
            }
            many => {
                let shape = if many.iter().any(|g| g.folder) {
                    Shape::Folders
                } else {
                    Shape::FilePerPart
                };
                let parts = many
                    .iter()
                    .map(|g| {
                        let full: Vec<(String, &str)> = g
                            .files
                            .iter()
                            .map(|(p, t)| (format!("{prefix}{p}"), *t))
                            .collect();
                        if g.folder {
                            folder_part(&g.name, full)
                        } else {
                            let (path, text) = &full[0];
                            Part {
                                title: file_title(path, text),
                                sources: vec![Source {
                                    path: path.clone(),
                                    text: text.to_string(),
                                }],
                            }
                        }
                    })
                    .collect();
                let (title, intro) = intro_file.map_or((None, String::new()), |(_, text)| {
                    (note_title(&read_note(&text)), without_title(&text))
                });
                return Outline {
                    title,
                    intro,
                    parts,
                    shape,
                };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::authoring::notes_of as notes;

    fn titles(o: &Outline) -> Vec<&str> {
        o.parts.iter().map(|p| p.title.as_str()).collect()
    }

    #[test]
    fn one_file_per_part_in_file_name_order() {
        let o = outline(&notes(&[
            ("bio/10-respiration.md", "Cells burn glucose."),
            ("bio/2-light.md", "# Light reactions\n\nLight splits water."),
            ("bio/1-intro.md", "## What plants need\nWater and light."),
        ]));
        assert_eq!(o.shape, Shape::FilePerPart);
        assert_eq!(
            titles(&o),
            vec!["What plants need", "Light reactions", "Respiration"]
        );
        assert_eq!(o.parts[0].sources[0].path, "bio/1-intro.md");
    }

    #[test]
    fn one_file_splits_at_its_headings() {
        let text = "# La Revolución\n\nIntro.\n\n## Causas\nHambre.\n\n### Detalle\nPan.\n\n## Consecuencias\nRepública.\n";
        let o = outline(&notes(&[("historia.md", text)]));
        assert_eq!(o.title.as_deref(), Some("La Revolución"));
        assert_eq!(titles(&o), vec!["Causas", "Consecuencias"]);
        assert!(o.parts[0].sources[0].text.contains("### Detalle"));
        assert!(o.intro.contains("Intro."));
        assert_eq!(
            o.shape,
            Shape::Headings {
                file: "historia.md".into(),
                level: 2
            }
        );
    }

    #[test]
    fn folders_and_a_readme_make_parts_and_a_title() {
        let o = outline(&notes(&[
            ("notes/README.md", "# Weather\n\nAll about weather."),
            ("notes/2-rain/why.md", "Clouds cool."),
            ("notes/2-rain/README.md", "# Rain and clouds\nDrops grow."),
            ("notes/1-wind.md", "Air moves."),
        ]));
        assert_eq!(o.shape, Shape::Folders);
        assert_eq!(o.title.as_deref(), Some("Weather"));
        assert_eq!(titles(&o), vec!["Wind", "Rain and clouds"]);
        let rain: Vec<_> = o.parts[1].sources.iter().map(|s| s.path.as_str()).collect();
        assert_eq!(rain, vec!["notes/2-rain/README.md", "notes/2-rain/why.md"]);
        assert!(o.intro.contains("All about weather"));
    }

    #[test]
    fn a_file_without_headings_is_one_part_named_after_it() {
        let o = outline(&notes(&[("tides.md", "The moon pulls the sea.")]));
        assert_eq!(titles(&o), vec!["Tides"]);
        assert_eq!(o.shape, Shape::Single);
        assert!(outline(&[]).parts.is_empty());
    }
}
