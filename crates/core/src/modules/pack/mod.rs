//! Module packs (docs/module-pack.md): `module.json` and its media files, parsed and
//! validated completely before anything is written, indexed into `module_content`, and
//! imported crash-atomically like a course. Pure: the adapter reads the files.

mod documents;
mod import;
mod model;
mod validate;

pub use documents::{module_documents, module_owner};
pub use import::{import_module, ModuleCatalog, ModulePackContents, ModuleSummary};
pub use model::{
    FieldTemplate, FormTemplate, Keywords, MediaFile, ModuleManifest, OptionTemplate, Phase,
    Section, SectionRef, Topic, MODULE_FORMAT_VERSION,
};
pub use validate::{
    is_snake_case, media_extension_fits, validate_module, MAX_MEDIA_BYTES, MAX_NOTE_CHARS,
    MAX_SECTIONS, MAX_TOPICS,
};

use crate::course::parse::parse;
use crate::course::PackError;

/// Name of the module manifest in a pack.
pub const MODULE_FILE: &str = "module.json";

/// Parses and validates `module.json`.
pub fn parse_module(text: &str) -> Result<ModuleManifest, PackError> {
    let module: ModuleManifest = parse(MODULE_FILE, text)?;
    validate_module(&module)?;
    Ok(module)
}
