//! The report model (spec 002): a tree of sections with stable ids. Numbers are never
//! stored; [`NumberedSection`] computes them from each section's position.

use serde::{Deserialize, Serialize};

/// Longest section title, in characters.
pub const MAX_TITLE_CHARS: usize = 200;
/// Longest section body, in characters.
pub const MAX_BODY_CHARS: usize = 20_000;
/// Deepest nesting of sections (1 = top level); with the title as `#`, level 5 is `######`.
pub const MAX_DEPTH: usize = 5;

/// One section of a report: a title, a Markdown body and its subsections.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Section {
    /// Stable id within its report (`s1`, `s2`, …); never reused after a delete.
    pub id: String,
    /// The heading text, without a number.
    pub title: String,
    /// The body in Markdown, `[IMAGE:x]` placeholders and images kept verbatim.
    pub body_md: String,
    /// Subsections, in order.
    pub children: Vec<Section>,
}

/// A whole report: its title, the text before the first heading, and the sections.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Report {
    /// The document's title.
    pub title: String,
    /// Markdown before the first section heading.
    pub preamble_md: String,
    /// Top-level sections, in order.
    pub sections: Vec<Section>,
    /// The number the next new section's id gets (ids are never reused).
    pub next_id: u32,
}

/// A section as shown: with its computed number ("2", "2.1") and depth.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct NumberedSection {
    /// Stable id.
    pub id: String,
    /// The computed number: positions joined by dots, never "2..1".
    pub number: String,
    /// The heading text.
    pub title: String,
    /// The body in Markdown.
    pub body_md: String,
    /// Subsections, numbered.
    pub children: Vec<NumberedSection>,
}

/// One line of a report's outline: what the model sees of a section before it asks for
/// more.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct OutlineEntry {
    /// Stable id.
    pub id: String,
    /// The computed number.
    pub number: String,
    /// The heading text.
    pub title: String,
    /// Nesting depth, 1 for top-level sections.
    pub depth: u32,
    /// The parent's id, for subsections.
    pub parent: Option<String>,
}
