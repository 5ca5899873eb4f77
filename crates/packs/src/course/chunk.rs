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

/// Whether a sentence ends just before `i` (whitespace after ".", "!", "?", "…" or a
/// line break).
fn sentence_ends_at(chars: &[char], i: usize) -> bool {
    chars[i] == '\n'
        || (chars[i].is_whitespace()
            && i > 0
            && matches!(chars[i - 1], '.' | '!' | '?' | '…' | '\n'))
}

/// Splits `text` into chunks of at most `max_chars` characters, each cut at the end of a
/// sentence in the second half of its window where there is one (else at whitespace),
/// and each starting about `overlap` characters before the previous end — moved back to
/// the start of the sentence it would cut, when that is within half a window, so no
/// chunk opens with the tail of a sentence ("United States dropped…" for "The United
/// States dropped…"), which a passage or a gap-fill would quote as a sentence.
pub fn split_text(text: &str, max_chars: usize, overlap: usize) -> Vec<String> {
    let chars: Vec<char> = text.trim().chars().collect();
    let max_chars = max_chars.max(1);
    let overlap = overlap.min(max_chars / 2);
    let mut chunks = Vec::new();
    let mut start = 0;
    while start < chars.len() {
        let mut end = (start + max_chars).min(chars.len());
        if end < chars.len() {
            let second_half = start + max_chars / 2..end;
            let sentence_end = second_half
                .clone()
                .rev()
                .find(|&i| sentence_ends_at(&chars, i));
            let space = second_half.rev().find(|&i| chars[i].is_whitespace());
            if let Some(cut) = sentence_end.or(space) {
                end = cut;
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
        // Then back to the start of its sentence, when that is within half a window.
        let earliest = end.saturating_sub(max_chars / 2).max(start + 1);
        if let Some(sentence_start) = (earliest..=next.min(end))
            .rev()
            .find(|&i| i > 0 && sentence_ends_at(&chars, i - 1))
        {
            next = sentence_start;
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
    fn chunks_open_and_end_with_whole_sentences_where_they_can() {
        let sentences: Vec<String> = (0..40)
            .map(|i| format!("The sentence number {i} says something about the topic."))
            .collect();
        let text = sentences.join(" ");
        let chunks = split_text(&text, 300, 60);
        assert!(chunks.len() > 3);
        for chunk in &chunks {
            assert!(chunk.chars().count() <= 300);
            assert!(chunk.starts_with("The sentence"), "{chunk}");
            assert!(chunk.ends_with("topic."), "{chunk}");
        }
        assert!(chunks.last().unwrap().contains("number 39"));
    }

    #[test]
    fn multibyte_text_is_split_safely() {
        let text = "ñ".repeat(1000);
        let chunks = split_text(&text, 300, 50);
        assert!(chunks.iter().all(|c| c.chars().count() <= 300));
    }
}
