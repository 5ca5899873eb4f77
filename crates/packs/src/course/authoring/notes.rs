//! A teacher's Markdown note read with a CommonMark parser (pulldown-cmark): its
//! headings, its paragraphs and list items as plain text (LaTeX kept between `$`), its
//! bold terms, and where each starts in the source — so a `#` inside a code block is
//! never a heading and every finding can name its line.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use std::ops::Range;

/// A heading of the note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Heading {
    /// 1 (`#`) to 6 (`######`).
    pub level: u8,
    /// Its text.
    pub title: String,
    /// The bytes it spans in the source.
    pub span: Range<usize>,
}

/// What kind of block a text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BlockKind {
    /// A paragraph (also inside a quote).
    Paragraph,
    /// A list item.
    Item,
}

/// A paragraph or list item as plain text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Block {
    /// Paragraph or list item.
    pub kind: BlockKind,
    /// Its words, with Markdown emphasis and links removed.
    pub text: String,
    /// The bytes it spans in the source.
    pub span: Range<usize>,
}

impl Block {
    /// An empty block of `kind` starting at `span`.
    fn open(kind: BlockKind, span: Range<usize>) -> Self {
        Self {
            kind,
            text: String::new(),
            span,
        }
    }
}

/// A note read: headings, blocks and bold terms in source order, and where any block
/// content (text, code, table, picture) starts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Note {
    /// Headings.
    pub headings: Vec<Heading>,
    /// Paragraphs and list items.
    pub blocks: Vec<Block>,
    /// Words in bold, with where each starts.
    pub bold: Vec<(String, usize)>,
    /// Where each block of content starts (paragraphs, items, code, tables, HTML).
    pub content_starts: Vec<usize>,
}

impl Note {
    /// The blocks under `heading` (up to the next heading of its level or higher).
    pub fn blocks_under(&self, heading: usize) -> impl Iterator<Item = &Block> {
        let end = self.section_end(heading);
        let start = self.headings.get(heading).map_or(0, |h| h.span.end);
        self.blocks
            .iter()
            .filter(move |b| b.span.start >= start && b.span.start < end)
    }

    /// Where the section of `heading` ends: the next heading of its level or higher, or
    /// the end of the note.
    pub fn section_end(&self, heading: usize) -> usize {
        let Some(h) = self.headings.get(heading) else {
            return usize::MAX;
        };
        self.headings[heading + 1..]
            .iter()
            .find(|next| next.level <= h.level)
            .map_or(usize::MAX, |next| next.span.start)
    }
}

/// The 1-based line of byte `at` in `text`.
pub(crate) fn line_of(text: &str, at: usize) -> u32 {
    let before = text.as_bytes().get(..at).unwrap_or(text.as_bytes());
    let newlines = before.iter().filter(|b| **b == b'\n').count();
    u32::try_from(newlines + 1).unwrap_or(u32::MAX)
}

/// Reads `markdown`.
pub(crate) fn read_note(markdown: &str) -> Note {
    let mut note = Note::default();
    let mut heading: Option<Heading> = None;
    let mut block: Option<Block> = None;
    let mut strong: Option<(String, usize)> = None;
    let mut items = 0usize;
    let mut in_code = false;
    // Every extension but smart punctuation: the teacher's quotes stay as typed.
    let options = Options::all().difference(Options::ENABLE_SMART_PUNCTUATION);
    for (event, span) in Parser::new_ext(markdown, options).into_offset_iter() {
        let piece = match event {
            Event::Start(Tag::Heading { level, .. }) => {
                heading = Some(Heading {
                    level: level as u8,
                    title: String::new(),
                    span,
                });
                None
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some(mut h) = heading.take() {
                    h.title = h.title.trim().to_string();
                    note.headings.push(h);
                }
                None
            }
            Event::Start(Tag::Item | Tag::DefinitionListDefinition) => {
                items += 1;
                note.blocks.extend(block.take());
                note.content_starts.push(span.start);
                block = Some(Block::open(BlockKind::Item, span));
                None
            }
            Event::End(TagEnd::Item | TagEnd::DefinitionListDefinition) => {
                items = items.saturating_sub(1);
                note.blocks.extend(block.take());
                None
            }
            Event::Start(Tag::Paragraph) if items == 0 => {
                note.content_starts.push(span.start);
                block = Some(Block::open(BlockKind::Paragraph, span));
                None
            }
            Event::End(TagEnd::Paragraph) if items == 0 => {
                note.blocks.extend(block.take());
                None
            }
            Event::Start(Tag::CodeBlock(_)) => {
                in_code = true;
                note.content_starts.push(span.start);
                None
            }
            Event::End(TagEnd::CodeBlock) => {
                in_code = false;
                None
            }
            Event::Start(Tag::Table(_) | Tag::HtmlBlock | Tag::Image { .. }) => {
                note.content_starts.push(span.start);
                None
            }
            Event::Start(Tag::Strong) => {
                strong = Some((String::new(), span.start));
                None
            }
            Event::End(TagEnd::Strong) => {
                if let Some((term, at)) = strong.take() {
                    let term = term.trim().trim_end_matches([':', '.', ',']).trim();
                    if !term.is_empty() {
                        note.bold.push((term.to_string(), at));
                    }
                }
                None
            }
            Event::Text(text) if !in_code => Some(text.to_string()),
            Event::Code(code) => Some(code.to_string()),
            Event::InlineMath(math) => Some(format!("${math}$")),
            Event::DisplayMath(math) => Some(format!("$${math}$$")),
            Event::SoftBreak | Event::HardBreak => Some(" ".to_string()),
            _ => None,
        };
        let Some(piece) = piece else { continue };
        if let Some((term, _)) = strong.as_mut() {
            term.push_str(&piece);
        }
        if let Some(h) = heading.as_mut() {
            h.title.push_str(&piece);
        } else if let Some(b) = block.as_mut() {
            b.text.push_str(&piece);
        }
    }
    note.blocks.extend(block);
    for b in &mut note.blocks {
        b.text = b.text.split_whitespace().collect::<Vec<_>>().join(" ");
    }
    note.blocks.retain(|b| !b.text.is_empty());
    note
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOTE: &str = "# Leaves\n\nLeaves are **green** because of *chlorophyll*.\nThey face the sun.\n\n```\n# not a heading\n```\n\n## Parts\n\n- The **stoma** lets gas in.\n- Veins carry water.\n\n## Empty\n";

    #[test]
    fn headings_blocks_and_bold_terms_are_read() {
        let note = read_note(NOTE);
        let titles: Vec<_> = note
            .headings
            .iter()
            .map(|h| (h.level, h.title.as_str()))
            .collect();
        assert_eq!(titles, vec![(1, "Leaves"), (2, "Parts"), (2, "Empty")]);
        assert_eq!(
            note.blocks[0].text,
            "Leaves are green because of chlorophyll. They face the sun."
        );
        assert_eq!(note.blocks[0].kind, BlockKind::Paragraph);
        assert_eq!(note.blocks[1].text, "The stoma lets gas in.");
        assert_eq!(note.blocks[1].kind, BlockKind::Item);
        let bold: Vec<&str> = note.bold.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(bold, vec!["green", "stoma"]);
        assert_eq!(line_of(NOTE, note.blocks[1].span.start), 12);
    }

    #[test]
    fn sections_end_at_the_next_heading_of_their_level() {
        let note = read_note(NOTE);
        assert_eq!(note.blocks_under(1).count(), 2);
        assert_eq!(note.blocks_under(2).count(), 0);
        assert_eq!(note.blocks_under(0).count(), 3);
    }

    #[test]
    fn maths_and_code_are_kept_in_the_text() {
        let note = read_note("Speed is $v = d/t$ and `m/s`.");
        assert_eq!(note.blocks[0].text, "Speed is $v = d/t$ and m/s.");
    }
}
