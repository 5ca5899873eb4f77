//! Splitting content into sections and sections into overlapping chunks for the index.

/// Longest chunk, in characters.
pub const CHUNK_CHARS: usize = 800;
/// Characters repeated between consecutive chunks of a section, so a sentence cut at a
/// boundary is still whole in one of them.
pub const CHUNK_OVERLAP: usize = 120;

/// A titled part of a document (heading, time window or page).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The heading text, time window (`01:00–02:00`) or `page N`.
    pub title: String,
    /// The section's text.
    pub text: String,
}

fn heading(line: &str) -> Option<&str> {
    let trimmed = line.trim_start();
    let hashes = trimmed.chars().take_while(|c| *c == '#').count();
    if !(1..=6).contains(&hashes) {
        return None;
    }
    let rest = &trimmed[hashes..];
    rest.starts_with(' ')
        .then(|| rest.trim().trim_end_matches('#').trim())
}

/// Sections of a Markdown document, one per heading (`#` to `######`); text before the
/// first heading goes under `untitled`. Headings inside code fences do not count; empty
/// sections are dropped.
pub fn markdown_sections(markdown: &str, untitled: &str) -> Vec<Section> {
    let mut sections = Vec::new();
    let mut title = untitled.to_string();
    let mut body = String::new();
    let mut in_fence = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") || line.trim_start().starts_with("~~~") {
            in_fence = !in_fence;
        }
        match heading(line).filter(|_| !in_fence) {
            Some(text) => {
                push_section(&mut sections, &title, &body);
                title = text.to_string();
                body.clear();
            }
            None => {
                body.push_str(line);
                body.push('\n');
            }
        }
    }
    push_section(&mut sections, &title, &body);
    sections
}

fn push_section(sections: &mut Vec<Section>, title: &str, body: &str) {
    let text = body.trim();
    if !text.is_empty() {
        sections.push(Section {
            title: title.to_string(),
            text: text.to_string(),
        });
    }
}

/// A plain-text document as one section (empty text gives none).
pub fn plain_sections(text: &str, title: &str) -> Vec<Section> {
    let mut sections = Vec::new();
    push_section(&mut sections, title, text);
    sections
}

/// Splits `text` into chunks of at most `max_chars` characters, cutting at whitespace
/// where possible, each starting about `overlap` characters before the previous end.
pub fn split_text(text: &str, max_chars: usize, overlap: usize) -> Vec<String> {
    let chars: Vec<char> = text.trim().chars().collect();
    let max_chars = max_chars.max(1);
    let overlap = overlap.min(max_chars / 2);
    let mut chunks = Vec::new();
    let mut start = 0;
    while start < chars.len() {
        let mut end = (start + max_chars).min(chars.len());
        if end < chars.len() {
            // Cut at the last whitespace in the second half of the window, if any.
            if let Some(space) = (start + max_chars / 2..end)
                .rev()
                .find(|&i| chars[i].is_whitespace())
            {
                end = space;
            }
        }
        let chunk: String = chars[start..end].iter().collect();
        let chunk = chunk.trim();
        if !chunk.is_empty() {
            chunks.push(chunk.to_string());
        }
        if end >= chars.len() {
            break;
        }
        // Step back by the overlap, then forward to the start of a word.
        let mut next = end.saturating_sub(overlap).max(start + 1);
        while next < end && !chars[next - 1].is_whitespace() {
            next += 1;
        }
        start = next;
    }
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_is_split_at_headings() {
        let md = "Intro line.\n# Title\nTop text.\n## Solving\nStep one.\n```\n# not a heading\n```\n### Checking\nCheck it.\n## Empty\n";
        let sections = markdown_sections(md, "notes");
        let titles: Vec<_> = sections.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(titles, ["notes", "Title", "Solving", "Checking"]);
        assert!(sections[2].text.contains("# not a heading"));
    }

    #[test]
    fn hashes_without_a_space_are_not_headings() {
        let sections = markdown_sections("#hashtag\n####### seven", "x");
        assert_eq!(sections.len(), 1);
    }

    #[test]
    fn short_text_is_one_chunk() {
        assert_eq!(split_text("  a b c  ", 800, 120), ["a b c"]);
        assert!(split_text("   ", 800, 120).is_empty());
    }

    #[test]
    fn long_text_is_cut_at_words_with_overlap() {
        let words: Vec<String> = (0..400).map(|i| format!("w{i}")).collect();
        let text = words.join(" ");
        let chunks = split_text(&text, 200, 40);
        assert!(chunks.len() > 5);
        for chunk in &chunks {
            assert!(chunk.chars().count() <= 200);
            // No word is cut in half.
            for word in chunk.split_whitespace() {
                assert!(words.contains(&word.to_string()), "cut word {word}");
            }
        }
        // Consecutive chunks share words.
        let last_of_first = chunks[0].split_whitespace().last().unwrap();
        assert!(chunks[1].contains(last_of_first));
        // Every word is somewhere.
        assert!(chunks.last().unwrap().ends_with("w399"));
    }

    #[test]
    fn multibyte_text_is_split_safely() {
        let text = "ñ".repeat(1000);
        let chunks = split_text(&text, 300, 50);
        assert!(chunks.iter().all(|c| c.chars().count() <= 300));
    }
}
