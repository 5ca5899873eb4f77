//! RESPONSE_SCHEMA (spec 004) as Rust types: every reply of a guided module is a
//! [`ModuleReply`] — text blocks, optional forms, media, the next step, and metadata
//! whose progress and module state the app writes. The bounds here are the schema's
//! `maxLength`/`maxItems`, so a stored reply always fits the window and the model's
//! grammar (built in `grammar.rs` from the same constants and enums) fits its budget.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Most text blocks in one reply.
pub const MAX_BLOCKS: usize = 8;
/// Longest text block, in characters.
pub const MAX_BLOCK_CHARS: usize = 1200;
/// Most forms in one reply.
pub const MAX_FORMS: usize = 2;
/// Most fields in a form.
pub const MAX_FIELDS: usize = 12;
/// Most options of a choice field.
pub const MAX_OPTIONS: usize = 12;
/// Most media items in one reply.
pub const MAX_MEDIA: usize = 3;
/// Most quick-reply suggestions.
pub const MAX_SUGGESTIONS: usize = 4;
/// Longest suggestion, in characters.
pub const MAX_SUGGESTION_CHARS: usize = 80;
/// Longest short text (titles, labels, captions, the next step's prompt), in characters.
pub const MAX_LABEL_CHARS: usize = 300;
/// Longest id (forms, fields, option values), in characters.
pub const MAX_ID_CHARS: usize = 64;

/// One reply of a guided module: what the window renders.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ModuleReply {
    /// Everything displayed.
    pub content: ReplyContent,
    /// What kind of reply it is, progress and position.
    pub meta: ReplyMeta,
}

/// The displayable part of a reply.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ReplyContent {
    /// Text in order.
    #[schemars(length(min = 1, max = MAX_BLOCKS))]
    pub text_blocks: Vec<TextBlock>,
    /// Optional forms: the student may always answer in free text instead.
    #[serde(default)]
    #[schemars(length(max = MAX_FORMS))]
    pub forms: Vec<Form>,
    /// Pictures, videos and sounds — only the module's own files.
    #[serde(default)]
    #[schemars(length(max = MAX_MEDIA))]
    pub media: Vec<Media>,
    /// What the student might do next.
    #[serde(default)]
    pub next_step: Option<NextStep>,
}

/// One block of text, Markdown inside.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct TextBlock {
    /// How it is styled.
    #[serde(rename = "type")]
    pub kind: BlockType,
    /// Markdown text.
    #[schemars(length(min = 1, max = MAX_BLOCK_CHARS))]
    pub content: String,
    /// Heading level 1–6, only on headings.
    #[serde(default)]
    #[schemars(range(min = 1, max = 6))]
    pub level: Option<u8>,
}

impl TextBlock {
    /// A block of `kind` with `content`.
    pub fn new(kind: BlockType, content: impl Into<String>) -> Self {
        Self {
            kind,
            content: content.into(),
            level: None,
        }
    }

    /// A heading at `level`.
    pub fn heading(content: impl Into<String>, level: u8) -> Self {
        Self {
            kind: BlockType::Heading,
            content: content.into(),
            level: Some(level),
        }
    }
}

/// Declares a string enum of the schema with its wire names and the list of them.
macro_rules! wire_enum {
    ($(#[$doc:meta])* $name:ident { $( $(#[$vdoc:meta])* $variant:ident = $wire:literal, )* }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
        #[cfg_attr(feature = "specta", derive(specta::Type))]
        pub enum $name {
            $( $(#[$vdoc])* #[serde(rename = $wire)] $variant, )*
        }

        impl $name {
            /// Every value, in the schema's order.
            pub const ALL: &'static [$name] = &[$(Self::$variant,)*];

            /// The wire name.
            pub fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $wire,)* }
            }

            /// The value called `name`, if any.
            pub fn parse(name: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|v| v.as_str() == name)
            }
        }
    };
}

wire_enum! {
    /// How a text block is styled.
    BlockType {
        /// Regular text.
        Paragraph = "paragraph",
        /// A section heading (H1–H6 by `level`).
        Heading = "heading",
        /// A Markdown list.
        List = "list",
        /// A quotation.
        Quote = "quote",
        /// An informational callout.
        Info = "info",
        /// A caution.
        Warning = "warning",
        /// Positive feedback, milestones.
        Success = "success",
        /// A helpful tip.
        Tip = "tip",
    }
}

wire_enum! {
    /// A form field's input.
    FieldType {
        /// One choice among options.
        Radio = "radio",
        /// Several choices among options.
        Checkbox = "checkbox",
        /// One choice from a drop-down.
        Select = "select",
        /// One line of text.
        Text = "text",
        /// Several lines of text.
        Textarea = "textarea",
        /// A number, optionally between `min` and `max`.
        Number = "number",
    }
}

impl FieldType {
    /// Whether the field chooses among options (which it then must have).
    pub fn is_choice(self) -> bool {
        matches!(self, Self::Radio | Self::Checkbox | Self::Select)
    }
}

wire_enum! {
    /// A media item's kind.
    MediaType {
        /// A picture.
        Image = "image",
        /// A video.
        Video = "video",
        /// A sound.
        Audio = "audio",
    }
}

wire_enum! {
    /// What a reply is, for context-aware rendering.
    ResponseType {
        /// Teaching a section.
        Educational = "educational",
        /// Answering the student.
        Conversational = "conversational",
        /// Offering a self-assessment.
        Assessment = "assessment",
        /// Reviewing progress or a milestone.
        Summary = "summary",
        /// Something went wrong.
        Error = "error",
    }
}

wire_enum! {
    /// The reply's tone.
    Emotion {
        /// Plain.
        Neutral = "neutral",
        /// Cheering the student on.
        Encouraging = "encouraging",
        /// Celebrating a milestone.
        Celebratory = "celebratory",
        /// Supporting a student who struggles.
        Supportive = "supportive",
        /// Explaining.
        Informative = "informative",
    }
}

wire_enum! {
    /// A progress milestone.
    Milestone {
        /// A quarter of the topics covered.
        Quarter = "25%",
        /// Half.
        Half = "50%",
        /// Three quarters.
        ThreeQuarters = "75%",
        /// Every topic.
        Complete = "100%",
    }
}

impl Milestone {
    /// The percentage the milestone stands for.
    pub fn percent(self) -> u32 {
        match self {
            Self::Quarter => 25,
            Self::Half => 50,
            Self::ThreeQuarters => 75,
            Self::Complete => 100,
        }
    }
}

/// An optional form: guidance, never a gate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Form {
    /// Unique form id (`snake_case`).
    #[schemars(length(min = 1, max = MAX_ID_CHARS))]
    pub id: String,
    /// Title.
    #[serde(default)]
    #[schemars(length(max = MAX_LABEL_CHARS))]
    pub title: Option<String>,
    /// What the form is for.
    #[serde(default)]
    #[schemars(length(max = MAX_LABEL_CHARS))]
    pub description: Option<String>,
    /// Its fields.
    #[schemars(length(min = 1, max = MAX_FIELDS))]
    pub fields: Vec<FormField>,
    /// The submit button's words (default "Submit").
    #[serde(default)]
    #[schemars(length(max = MAX_SUGGESTION_CHARS))]
    pub submit_label: Option<String>,
    /// Whether the student may skip it (always, in Lantern).
    #[serde(default = "yes")]
    pub optional: bool,
}

fn yes() -> bool {
    true
}

/// One field of a form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct FormField {
    /// Field id (`snake_case`).
    #[schemars(length(min = 1, max = MAX_ID_CHARS))]
    pub id: String,
    /// The input.
    #[serde(rename = "type")]
    pub kind: FieldType,
    /// The question.
    #[schemars(length(min = 1, max = MAX_LABEL_CHARS))]
    pub label: String,
    /// Whether the form needs an answer to it before it is sent.
    #[serde(default)]
    pub required: bool,
    /// Choices (radio, checkbox and select only).
    #[serde(default)]
    #[schemars(length(max = MAX_OPTIONS))]
    pub options: Vec<FieldOption>,
    /// Placeholder text.
    #[serde(default)]
    #[schemars(length(max = MAX_LABEL_CHARS))]
    pub placeholder: Option<String>,
    /// Help under the field.
    #[serde(default)]
    #[schemars(length(max = MAX_LABEL_CHARS))]
    pub help_text: Option<String>,
    /// Smallest number allowed (number only).
    #[serde(default)]
    pub min: Option<f64>,
    /// Largest number allowed (number only).
    #[serde(default)]
    pub max: Option<f64>,
}

/// One choice of a field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct FieldOption {
    /// The value sent.
    #[schemars(length(min = 1, max = MAX_ID_CHARS))]
    pub value: String,
    /// The words shown.
    #[schemars(length(min = 1, max = MAX_LABEL_CHARS))]
    pub label: String,
}

/// A picture, video or sound from the module's own files.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Media {
    /// What it is.
    #[serde(rename = "type")]
    pub kind: MediaType,
    /// Its path in the module pack.
    #[schemars(length(min = 1, max = MAX_LABEL_CHARS))]
    pub src: String,
    /// What it shows, for screen readers.
    #[serde(default)]
    #[schemars(length(max = MAX_LABEL_CHARS))]
    pub alt: Option<String>,
    /// A caption.
    #[serde(default)]
    #[schemars(length(max = MAX_LABEL_CHARS))]
    pub caption: Option<String>,
}

/// What the student might do next.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct NextStep {
    /// A suggested next action or question.
    #[serde(default)]
    #[schemars(length(max = MAX_LABEL_CHARS))]
    pub prompt: Option<String>,
    /// Quick replies.
    #[serde(default)]
    #[schemars(length(max = MAX_SUGGESTIONS))]
    pub suggestions: Vec<String>,
    /// Whether the step may be skipped (always, in Lantern).
    #[serde(default = "yes")]
    pub can_skip: bool,
}

/// A reply's metadata.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ReplyMeta {
    /// What kind of reply.
    pub response_type: ResponseType,
    /// Progress, as the app computed it.
    #[serde(default)]
    pub progress: Option<ReplyProgress>,
    /// Where the student is in the module, from the pack.
    #[serde(default)]
    pub module_state: Option<ModuleState>,
    /// The tone.
    #[serde(default)]
    pub emotion: Option<Emotion>,
}

/// Progress as shown with a reply.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ReplyProgress {
    /// Covered share of the topics, 0–100.
    #[schemars(range(min = 0.0, max = 100.0))]
    pub percentage: f64,
    /// Titles of every covered topic, in module order.
    #[serde(default)]
    pub covered_topics: Vec<String>,
    /// Titles of the topics covered in this turn.
    #[serde(default)]
    pub newly_covered: Vec<String>,
    /// How many topics remain.
    #[serde(default)]
    pub remaining_topics: u32,
    /// The milestone this turn reached, if any.
    #[serde(default)]
    pub milestone: Option<Milestone>,
}

/// The student's position in the module.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ModuleState {
    /// The current section's phase title.
    pub current_phase: String,
    /// The current section's title.
    pub current_section: String,
    /// Sections completed.
    pub sections_completed: u32,
    /// Sections in the module.
    pub total_sections: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spec_example_reads_as_a_reply() {
        let text = r#"{"content":{"text_blocks":[{"type":"heading","content":"Levels","level":2},
            {"type":"paragraph","content":"Anxiety has **three** levels."}],
            "forms":[{"id":"anxiety_levels_check","title":"Quick Reflection","optional":true,
              "fields":[{"id":"primary_level","type":"radio","label":"Which level?","required":false,
                "options":[{"value":"physical","label":"Physical"},{"value":"mental","label":"Mental"}]}],
              "submit_label":"Share my experience"}],
            "next_step":{"prompt":"Share or ask.","suggestions":["Tell me more"],"can_skip":true}},
          "meta":{"response_type":"educational","progress":{"percentage":20,"covered_topics":["Intro"],
            "newly_covered":["Intro"],"remaining_topics":20,"milestone":null},
            "module_state":{"current_phase":"Structured Learning","current_section":"Levels",
              "sections_completed":2,"total_sections":6},"emotion":"informative"}}"#;
        let reply: ModuleReply = serde_json::from_str(text).unwrap();
        assert_eq!(reply.content.text_blocks[0].level, Some(2));
        assert_eq!(reply.content.forms[0].fields[0].kind, FieldType::Radio);
        assert_eq!(reply.meta.emotion, Some(Emotion::Informative));
        let back = serde_json::to_value(&reply).unwrap();
        assert_eq!(back["meta"]["response_type"], "educational");
    }

    #[test]
    fn milestones_use_the_spec_names() {
        assert_eq!(Milestone::parse("50%"), Some(Milestone::Half));
        assert_eq!(
            serde_json::to_string(&Milestone::Complete).unwrap(),
            "\"100%\""
        );
        assert_eq!(Milestone::ThreeQuarters.percent(), 75);
    }
}
