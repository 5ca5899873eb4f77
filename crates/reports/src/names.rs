//! The names the app gives when neither the file nor the student gives one.

use crate::messages::MESSAGES;
use lantern_core::language::Language;
use lantern_core::say;

/// The project imported reports go to when none is named, in `language`.
pub fn default_project_name(language: Language) -> String {
    say!(MESSAGES, language, "reports-default-project")
}

/// The title of a report whose file has no title and no name, in `language`.
pub(crate) fn untitled_report(language: Language) -> String {
    say!(MESSAGES, language, "reports-untitled-report")
}

/// The title of a section whose heading is empty, in `language`.
pub(crate) fn untitled_section(language: Language) -> String {
    say!(MESSAGES, language, "reports-untitled-section")
}
