//! Module packs (docs/module-pack.md): `module.json` and its media files, parsed and
//! validated completely before anything is written, indexed into `module_content`, and
//! imported crash-atomically like a course. Pure: the adapter reads the files.

pub mod authoring;
pub mod check;
pub mod contract;
mod documents;
mod import;
pub mod keywords;
mod model;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
mod validate;

pub use crate::import_limits::MAX_MEDIA_BYTES;
pub use documents::{module_documents, module_owner};
pub use import::{import_module, ModuleCatalog, ModulePackContents, ModuleSummary};
pub use model::{
    FieldTemplate, FormTemplate, Keywords, MediaFile, ModuleManifest, OptionTemplate, Phase,
    Section, SectionRef, Topic, MODULE_FORMAT_VERSION,
};
pub use validate::{
    is_module_id, is_snake_case, is_topic_id, media_extension_fits, module_problems,
    validate_module, MAX_NOTE_CHARS, MAX_PHASES, MAX_SECTIONS, MAX_SECTIONS_PER_PHASE, MAX_TOPICS,
    MAX_TOPICS_PER_SECTION,
};

use crate::course::parse::parse;
use crate::course::PackError;
use crate::import_limits::{check_count, MAX_MODULE_FORMS, MAX_MODULE_MEDIA};

/// Name of the module manifest in a pack.
pub const MODULE_FILE: &str = "module.json";

/// Parses `module.json`, holds its media and forms to the import limits, and validates it.
pub fn parse_module(text: &str) -> Result<ModuleManifest, PackError> {
    let module: ModuleManifest = parse(MODULE_FILE, text)?;
    check_count(MODULE_FILE, "media", module.media.len(), MAX_MODULE_MEDIA)?;
    check_count(MODULE_FILE, "forms", module.forms.len(), MAX_MODULE_FORMS)?;
    validate_module(&module)?;
    Ok(module)
}
