//! `lantern module check`: every problem of a module pack the importer would refuse
//! (not only the first) and the warnings about what imports but works less well, in the
//! same [`PackCheckReport`] as a course's check. Pure: the caller reads the files.

use crate::course::check::{
    element, member, missing, missing_manifest, parse_all, read_lists, Found, JsonText, ListReader,
    PackCheckReport, Place, Texts, WarningCode,
};
use crate::course::validate::escapes_pack;
use crate::course::PackError;
use crate::import_limits::{check_count, MAX_MODULE_FORMS, MAX_MODULE_MEDIA};
use crate::messages::both;
use crate::module::{
    media_extension_fits, module_problems, FormTemplate, MediaFile, ModuleManifest, Phase,
    MAX_PHASES, MODULE_FILE,
};
use std::collections::HashSet;

/// Fewest keywords in the module's language a topic should have (docs/module-pack.md
/// recommends three to six).
pub const MIN_KEYWORDS: usize = 3;

/// The media files `module.json` lists (the first [`MAX_MODULE_MEDIA`]), inside the
/// pack, each once. Read from the JSON as it is, broken or not.
pub fn module_listed_files(module_text: &str) -> Vec<String> {
    let media = read_lists(module_text, &[("media", MAX_MODULE_MEDIA)]).unwrap_or_default();
    let mut seen = HashSet::new();
    media
        .into_iter()
        .flatten()
        .flat_map(|l| l.items)
        .filter_map(|m| member(m, "file"))
        .filter_map(|file| serde_json::from_str::<String>(file).ok())
        .filter(|path| !path.is_empty() && !escapes_pack(path) && seen.insert(path.clone()))
        .collect()
}

/// `module.json` read and checked with the importer's rules; `None` when it does not
/// parse or is over the import limits.
fn read_module(text: &JsonText<'_>, report: &mut PackCheckReport) -> Option<ModuleManifest> {
    let lists = [
        ListReader {
            key: "phases",
            max: MAX_PHASES,
            read: element::<Phase>,
        },
        ListReader {
            key: "media",
            max: MAX_MODULE_MEDIA,
            read: element::<MediaFile>,
        },
        ListReader {
            key: "forms",
            max: MAX_MODULE_FORMS,
            read: element::<FormTemplate>,
        },
    ];
    let module: ModuleManifest = parse_all(MODULE_FILE, text, &lists, report)?;
    let limits = check_count(MODULE_FILE, "media", module.media.len(), MAX_MODULE_MEDIA)
        .and_then(|()| check_count(MODULE_FILE, "forms", module.forms.len(), MAX_MODULE_FORMS));
    if let Err(e) = limits {
        report.problem(&e, Some(text), None);
        return None;
    }
    report.add_problems(&module_problems(&module), Some(text));
    Some(module)
}

/// Topics with fewer than [`MIN_KEYWORDS`] keywords in the module's language.
fn keyword_warnings(module: &ModuleManifest, text: &JsonText<'_>, report: &mut PackCheckReport) {
    let spanish = module.language == "es";
    for (i, phase) in module.phases.iter().enumerate() {
        for (j, section) in phase.sections.iter().enumerate() {
            for (k, topic) in section.topics.iter().enumerate() {
                let list = if spanish {
                    &topic.keywords.es
                } else {
                    &topic.keywords.en
                };
                if list.len() >= MIN_KEYWORDS {
                    continue;
                }
                let field = format!(
                    "phases[{i}].sections[{j}].topics[{k}].keywords.{}",
                    module.language
                );
                let n = list.len();
                let (en, es) = both!(
                    "packs-module-few-keywords",
                    id = &topic.id,
                    count = &n.to_string()
                );
                report.warning(
                    WarningCode::TopicFewKeywords,
                    Place::json(MODULE_FILE, text, &field),
                    en,
                    es,
                );
            }
        }
    }
}

/// Fewest letters before a keyword's `*`: a shorter stem meets words that mean
/// something else ("can*" meets "cansé", "cut*" meets "cute").
const MIN_STEM_LETTERS: usize = 4;

/// Keywords, in either language, ending in `*` after fewer than [`MIN_STEM_LETTERS`]
/// letters.
fn stem_warnings(module: &ModuleManifest, text: &JsonText<'_>, report: &mut PackCheckReport) {
    for (i, phase) in module.phases.iter().enumerate() {
        for (j, section) in phase.sections.iter().enumerate() {
            for (k, topic) in section.topics.iter().enumerate() {
                let lists = [("en", &topic.keywords.en), ("es", &topic.keywords.es)];
                for (language, list) in lists {
                    for (n, keyword) in list.iter().enumerate() {
                        let Some(stem) = keyword.strip_suffix('*') else {
                            continue;
                        };
                        if stem.chars().filter(|c| c.is_alphanumeric()).count() >= MIN_STEM_LETTERS
                        {
                            continue;
                        }
                        let field = format!(
                            "phases[{i}].sections[{j}].topics[{k}].keywords.{language}[{n}]"
                        );
                        let (en, es) =
                            both!("packs-module-short-stem", id = &topic.id, keyword = keyword);
                        report.warning(
                            WarningCode::KeywordStemShort,
                            Place::json(MODULE_FILE, text, &field),
                            en,
                            es,
                        );
                    }
                }
            }
        }
    }
}

/// Checks a module pack given as its files (path in the pack, text; a media file as
/// empty text) and the errors of the files that could not be read.
pub fn check_module_pack(files: &[(String, String)], unreadable: &[PackError]) -> PackCheckReport {
    let mut report = PackCheckReport::default();
    for e in unreadable {
        report.problem(e, None, None);
    }
    let texts = Texts::new(files, unreadable);
    let text = match texts.get(MODULE_FILE) {
        Found::Text(text) => JsonText::new(text),
        Found::Failed => return report,
        Found::Missing => {
            report.problem(&missing_manifest(MODULE_FILE), None, None);
            return report;
        }
    };
    let Some(module) = read_module(&text, &mut report) else {
        return report;
    };
    for (i, media) in module.media.iter().enumerate() {
        let listed = !escapes_pack(&media.file) && media_extension_fits(media.kind, &media.file);
        if listed && matches!(texts.get(&media.file), Found::Missing) {
            let e = missing(MODULE_FILE, format!("media[{i}].file"), &media.file);
            report.problem(&e, Some(&text), None);
        }
    }
    keyword_warnings(&module, &text, &mut report);
    stem_warnings(&module, &text, &mut report);
    report
}

#[cfg(test)]
mod adversarial_tests;
#[cfg(test)]
mod tests;
