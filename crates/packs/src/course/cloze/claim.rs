//! The statement a misconception makes, without the framing a pack may give it
//! ("Thinks …"): what a true-or-false states and a gap-fill reads key terms from.

use lantern_core::word_list;
use std::sync::LazyLock;

/// Openings that frame a misconception as someone's belief ("thinks that"), longest
/// first where one begins another: `words/<locale>/belief-frames.txt`.
static BELIEF_FRAMES: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("belief-frames").collect());

/// The statement a misconception's text makes, without the "Thinks …" framing a pack
/// may use ("Thinks heavier objects fall faster." → "Heavier objects fall faster.").
pub fn misconception_claim(text: &str) -> String {
    let t = text.trim();
    let lower = t.to_lowercase();
    let rest = BELIEF_FRAMES
        .iter()
        .find(|p| {
            lower
                .strip_prefix(**p)
                .is_some_and(|rest| rest.starts_with(' '))
        })
        .map_or(t, |p| &t[p.len() + 1..]);
    let mut chars = rest.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}
