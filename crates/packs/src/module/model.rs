//! `module.json` as Rust types (docs/module-pack.md).

use crate::module::contract::{FieldOption, FieldType, Form, FormField, MediaType};
use serde::{Deserialize, Serialize};

/// The module pack format version this build reads.
pub const MODULE_FORMAT_VERSION: u32 = 1;

/// `module.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ModuleManifest {
    /// Must be [`MODULE_FORMAT_VERSION`].
    pub format_version: u32,
    /// Stable id; importing the same id again replaces the module.
    pub id: String,
    /// Shown in the library.
    pub title: String,
    /// Language of the material (`en` or `es`).
    #[serde(default = "english")]
    pub language: String,
    /// One paragraph for the library.
    #[serde(default)]
    pub description: String,
    /// Phases, in order.
    pub phases: Vec<Phase>,
    /// The pack's media files.
    #[serde(default)]
    pub media: Vec<MediaFile>,
    /// Form templates sections offer.
    #[serde(default)]
    pub forms: Vec<FormTemplate>,
}

fn english() -> String {
    "en".into()
}

/// A phase: sections that belong together.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Phase {
    /// Unique id.
    pub id: String,
    /// Title (the reply's `current_phase`).
    pub title: String,
    /// Sections, in order.
    pub sections: Vec<Section>,
}

/// A section of the module.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// Unique id.
    pub id: String,
    /// Title (the section's heading).
    pub title: String,
    /// Markdown shown when the section opens.
    pub intro: String,
    /// What the section teaches.
    pub topics: Vec<Topic>,
    /// Paths of media files shown when the section opens.
    #[serde(default)]
    pub media: Vec<String>,
    /// A form offered when the section opens.
    #[serde(default)]
    pub form: Option<String>,
}

/// A topic: what progress counts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Topic {
    /// Unique id.
    pub id: String,
    /// Title shown in progress.
    pub title: String,
    /// Words that show the student covered it.
    pub keywords: Keywords,
    /// The teaching note (Markdown).
    pub notes: String,
}

/// A topic's keywords per language.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Keywords {
    /// English words and phrases.
    #[serde(default)]
    pub en: Vec<String>,
    /// Spanish words and phrases.
    #[serde(default)]
    pub es: Vec<String>,
}

impl Keywords {
    /// Every keyword, English first.
    pub fn all(&self) -> impl Iterator<Item = &str> {
        self.en.iter().chain(&self.es).map(String::as_str)
    }
}

/// One of the pack's media files.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MediaFile {
    /// Path in the pack.
    pub file: String,
    /// Image, video or audio.
    #[serde(rename = "type")]
    pub kind: MediaType,
    /// What it shows (required for images).
    #[serde(default)]
    pub alt: Option<String>,
    /// A caption.
    #[serde(default)]
    pub caption: Option<String>,
}

/// A form template: a RESPONSE_SCHEMA form with the topics its answers cover.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormTemplate {
    /// Unique id (`snake_case`).
    pub id: String,
    /// Title.
    #[serde(default)]
    pub title: Option<String>,
    /// What it is for.
    #[serde(default)]
    pub description: Option<String>,
    /// The submit button's words.
    #[serde(default)]
    pub submit_label: Option<String>,
    /// Its fields.
    pub fields: Vec<FieldTemplate>,
}

/// A field of a form template.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldTemplate {
    /// Field id (`snake_case`).
    pub id: String,
    /// The input.
    #[serde(rename = "type")]
    pub kind: FieldType,
    /// The question.
    pub label: String,
    /// Whether the form needs it.
    #[serde(default)]
    pub required: bool,
    /// Choices (choice types only).
    #[serde(default)]
    pub options: Vec<OptionTemplate>,
    /// Placeholder.
    #[serde(default)]
    pub placeholder: Option<String>,
    /// Help text.
    #[serde(default)]
    pub help_text: Option<String>,
    /// Smallest number (number only).
    #[serde(default)]
    pub min: Option<f64>,
    /// Largest number (number only).
    #[serde(default)]
    pub max: Option<f64>,
    /// Topics covered when the field is answered.
    #[serde(default)]
    pub covers: Vec<String>,
}

/// A choice of a form template's field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionTemplate {
    /// The value sent.
    pub value: String,
    /// The words shown.
    pub label: String,
    /// Topics covered when it is chosen.
    #[serde(default)]
    pub covers: Vec<String>,
}

impl FormTemplate {
    /// The form as a reply shows it (always optional).
    pub fn to_form(&self) -> Form {
        Form {
            id: self.id.clone(),
            title: self.title.clone(),
            description: self.description.clone(),
            fields: self
                .fields
                .iter()
                .map(|f| FormField {
                    id: f.id.clone(),
                    kind: f.kind,
                    label: f.label.clone(),
                    required: f.required,
                    options: f
                        .options
                        .iter()
                        .map(|o| FieldOption {
                            value: o.value.clone(),
                            label: o.label.clone(),
                        })
                        .collect(),
                    placeholder: f.placeholder.clone(),
                    help_text: f.help_text.clone(),
                    min: f.min,
                    max: f.max,
                })
                .collect(),
            submit_label: self.submit_label.clone(),
            optional: true,
        }
    }

    /// A form the model wrote, as a template whose answers cover no topic of their own
    /// (the message they make is matched to topics like any other).
    pub fn from_form(form: &Form) -> Self {
        Self {
            id: form.id.clone(),
            title: form.title.clone(),
            description: form.description.clone(),
            submit_label: form.submit_label.clone(),
            fields: form
                .fields
                .iter()
                .map(|f| FieldTemplate {
                    id: f.id.clone(),
                    kind: f.kind,
                    label: f.label.clone(),
                    required: f.required,
                    options: f
                        .options
                        .iter()
                        .map(|o| OptionTemplate {
                            value: o.value.clone(),
                            label: o.label.clone(),
                            covers: Vec::new(),
                        })
                        .collect(),
                    placeholder: f.placeholder.clone(),
                    help_text: f.help_text.clone(),
                    min: f.min,
                    max: f.max,
                    covers: Vec::new(),
                })
                .collect(),
        }
    }
}

/// A section with its place in the module.
#[derive(Debug, Clone, Copy)]
pub struct SectionRef<'a> {
    /// Position among all sections, from 0.
    pub index: usize,
    /// Its phase.
    pub phase: &'a Phase,
    /// The section.
    pub section: &'a Section,
}

impl ModuleManifest {
    /// Every section in order, with its phase.
    pub fn sections(&self) -> Vec<SectionRef<'_>> {
        self.phases
            .iter()
            .flat_map(|phase| phase.sections.iter().map(move |section| (phase, section)))
            .enumerate()
            .map(|(index, (phase, section))| SectionRef {
                index,
                phase,
                section,
            })
            .collect()
    }

    /// Every topic in module order.
    pub fn topics(&self) -> impl Iterator<Item = &Topic> {
        self.phases
            .iter()
            .flat_map(|p| &p.sections)
            .flat_map(|s| &s.topics)
    }

    /// The section with `id`.
    pub fn section(&self, id: &str) -> Option<SectionRef<'_>> {
        self.sections().into_iter().find(|s| s.section.id == id)
    }

    /// The form template with `id`.
    pub fn form(&self, id: &str) -> Option<&FormTemplate> {
        self.forms.iter().find(|f| f.id == id)
    }

    /// The media file at `path`.
    pub fn media_file(&self, path: &str) -> Option<&MediaFile> {
        self.media.iter().find(|m| m.file == path)
    }

    /// The topic with `id`.
    pub fn topic(&self, id: &str) -> Option<&Topic> {
        self.topics().find(|t| t.id == id)
    }
}
