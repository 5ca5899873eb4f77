//! Rules a parsed `module.json` must follow beyond its JSON shape; each problem names
//! the field (`phases[1].sections[0].topics[2].keywords`). Every rule adds what it finds
//! to a list ([`module_problems`], for `lantern module check`); the importer stops at
//! the first ([`validate_module`]).

use super::model::{FieldTemplate, FormTemplate, MediaFile, ModuleManifest, MODULE_FORMAT_VERSION};
use super::MODULE_FILE;
use crate::course::validate::{check_filled, check_unique, escapes_pack, first, outside_pack};
use crate::course::{PackError, PackErrorKind, Problems};
use crate::messages::both;
use crate::module::contract::{MediaType, MAX_FIELDS, MAX_OPTIONS};
use crate::module::keywords::Keyword;
use lantern_core::pack_id::{is_pack_id, MAX_PACK_ID_CHARS};
use std::collections::HashSet;

/// Most phases in a module.
pub const MAX_PHASES: usize = 12;
/// Most sections in a phase.
pub const MAX_SECTIONS_PER_PHASE: usize = 20;
/// Most sections in a module.
pub const MAX_SECTIONS: usize = 40;
/// Most topics in a section.
pub const MAX_TOPICS_PER_SECTION: usize = 12;
/// Most topics in a module.
pub const MAX_TOPICS: usize = 200;
/// Longest intro or teaching note, in characters.
pub const MAX_NOTE_CHARS: usize = 600;

/// An invalid field of `module.json`, with what is wrong in English and Spanish.
fn invalid(field: String, (detail, detail_es): (String, String)) -> PackError {
    PackError::field(PackErrorKind::InvalidField, MODULE_FILE, field, detail).with_es(detail_es)
}

/// Whether `id` is `snake_case`: a lowercase letter, then lowercase letters, digits, `_`.
pub fn is_snake_case(id: &str) -> bool {
    let mut chars = id.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Whether `id` is a topic id: `a-z 0-9 - _`, not empty.
pub fn is_topic_id(id: &str) -> bool {
    is_slug(id, &['-', '_'])
}

fn is_slug(id: &str, extra: &[char]) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || extra.contains(&c))
}

/// Whether `id` is a module id: `a-z 0-9 -`, a letter or digit first, a pack id.
pub fn is_module_id(id: &str) -> bool {
    is_slug(id, &['-']) && is_pack_id(id)
}

fn check_count(field: String, n: usize, min: usize, max: usize, out: &mut Problems) {
    if n < min || n > max {
        out.push(invalid(
            field,
            both!(
                "packs-module-count",
                min = &min.to_string(),
                max = &max.to_string(),
                count = &n.to_string()
            ),
        ));
    }
}

fn check_length(field: String, text: &str, max: usize, out: &mut Problems) {
    let n = text.chars().count();
    if n > max {
        out.push(invalid(
            field,
            both!(
                "packs-module-length",
                count = &n.to_string(),
                max = &max.to_string()
            ),
        ));
    }
}

fn not_snake_case(field: String, id: &str) -> PackError {
    invalid(field, both!("packs-module-not-snake-case", id = id))
}

/// Whether `path` has an extension the media `kind` allows.
pub fn media_extension_fits(kind: MediaType, path: &str) -> bool {
    let extension = path
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    let allowed: &[&str] = match kind {
        MediaType::Image => &["svg", "png", "jpg", "jpeg", "gif", "webp"],
        MediaType::Video => &["mp4", "webm"],
        MediaType::Audio => &["mp3", "ogg", "wav"],
    };
    allowed.contains(&extension.as_str())
}

fn check_media(i: usize, media: &MediaFile, out: &mut Problems) {
    let field = format!("media[{i}].file");
    if escapes_pack(&media.file) || media.file.trim().is_empty() {
        out.push(outside_pack(MODULE_FILE, field));
    } else if !media_extension_fits(media.kind, &media.file) {
        let (en, es) = both!(
            "packs-module-media-type",
            file = &media.file,
            kind = media.kind.as_str()
        );
        out.push(
            PackError::field(PackErrorKind::UnsupportedContent, MODULE_FILE, field, en).with_es(es),
        );
    }
    if media.kind == MediaType::Image && media.alt.as_deref().is_none_or(|a| a.trim().is_empty()) {
        out.push(invalid(
            format!("media[{i}].alt"),
            both!("packs-module-alt-missing"),
        ));
    }
}

fn check_covers(field: String, covers: &[String], topics: &HashSet<&str>, out: &mut Problems) {
    for (k, id) in covers.iter().enumerate() {
        if !topics.contains(id.as_str()) {
            let (en, es) = both!("packs-module-no-topic", id = id);
            out.push(
                PackError::field(
                    PackErrorKind::UnknownUnit,
                    MODULE_FILE,
                    format!("{field}[{k}]"),
                    en,
                )
                .with_es(es),
            );
        }
    }
}

fn check_field(path: &str, field: &FieldTemplate, topics: &HashSet<&str>, out: &mut Problems) {
    if !is_snake_case(&field.id) {
        out.push(not_snake_case(format!("{path}.id"), &field.id));
    }
    check_filled(
        MODULE_FILE,
        [(format!("{path}.label"), field.label.as_str())],
        out,
    );
    if field.kind.is_choice() {
        check_count(
            format!("{path}.options"),
            field.options.len(),
            2,
            MAX_OPTIONS,
            out,
        );
        check_unique(
            MODULE_FILE,
            field
                .options
                .iter()
                .enumerate()
                .map(|(k, o)| (format!("{path}.options[{k}].value"), o.value.as_str())),
            out,
        );
        for (k, option) in field.options.iter().enumerate() {
            check_filled(
                MODULE_FILE,
                [
                    (format!("{path}.options[{k}].value"), option.value.as_str()),
                    (format!("{path}.options[{k}].label"), option.label.as_str()),
                ],
                out,
            );
            check_covers(
                format!("{path}.options[{k}].covers"),
                &option.covers,
                topics,
                out,
            );
        }
    } else if !field.options.is_empty() {
        out.push(invalid(
            format!("{path}.options"),
            both!("packs-module-field-options", kind = field.kind.as_str()),
        ));
    }
    let numeric = field.kind == crate::module::contract::FieldType::Number;
    if !numeric && (field.min.is_some() || field.max.is_some()) {
        out.push(invalid(
            format!("{path}.min"),
            both!("packs-module-min-max-numeric"),
        ));
    }
    if let (Some(min), Some(max)) = (field.min, field.max) {
        if min > max {
            out.push(invalid(
                format!("{path}.max"),
                both!("packs-module-max-below-min"),
            ));
        }
    }
    check_covers(format!("{path}.covers"), &field.covers, topics, out);
}

fn check_form(i: usize, form: &FormTemplate, topics: &HashSet<&str>, out: &mut Problems) {
    if !is_snake_case(&form.id) {
        out.push(not_snake_case(format!("forms[{i}].id"), &form.id));
    }
    check_count(
        format!("forms[{i}].fields"),
        form.fields.len(),
        1,
        MAX_FIELDS,
        out,
    );
    check_unique(
        MODULE_FILE,
        form.fields
            .iter()
            .enumerate()
            .map(|(j, f)| (format!("forms[{i}].fields[{j}].id"), f.id.as_str())),
        out,
    );
    for (j, field) in form.fields.iter().enumerate() {
        check_field(&format!("forms[{i}].fields[{j}]"), field, topics, out);
    }
}

fn check_structure(module: &ModuleManifest, out: &mut Problems) {
    if module.format_version != MODULE_FORMAT_VERSION {
        out.push(invalid(
            "formatVersion".into(),
            both!(
                "packs-module-format-version",
                version = &module.format_version.to_string(),
                supported = &MODULE_FORMAT_VERSION.to_string()
            ),
        ));
    }
    if !is_module_id(&module.id) {
        out.push(invalid(
            "id".into(),
            both!(
                "packs-module-id",
                id = &module.id,
                max = &MAX_PACK_ID_CHARS.to_string()
            ),
        ));
    }
    check_filled(
        MODULE_FILE,
        [("title".to_string(), module.title.as_str())],
        out,
    );
    if !["en", "es"].contains(&module.language.as_str()) {
        out.push(invalid("language".into(), both!("packs-module-language")));
    }
    check_count("phases".into(), module.phases.len(), 1, MAX_PHASES, out);
    check_count(
        "phases[*].sections".into(),
        module.sections().len(),
        1,
        MAX_SECTIONS,
        out,
    );
    check_count("topics".into(), module.topics().count(), 1, MAX_TOPICS, out);
    check_unique(
        MODULE_FILE,
        module
            .phases
            .iter()
            .enumerate()
            .map(|(i, p)| (format!("phases[{i}].id"), p.id.as_str())),
        out,
    );
}

fn check_topic(at: &str, topic: &super::model::Topic, out: &mut Problems) {
    if !is_topic_id(&topic.id) {
        out.push(invalid(
            format!("{at}.id"),
            both!("packs-module-topic-id", id = &topic.id),
        ));
    }
    check_filled(
        MODULE_FILE,
        [
            (format!("{at}.title"), topic.title.as_str()),
            (format!("{at}.notes"), topic.notes.as_str()),
        ],
        out,
    );
    check_length(format!("{at}.notes"), &topic.notes, MAX_NOTE_CHARS, out);
    if topic.keywords.all().next().is_none() {
        out.push(invalid(
            format!("{at}.keywords"),
            both!("packs-module-no-keywords"),
        ));
    }
    for (lang, list) in [("en", &topic.keywords.en), ("es", &topic.keywords.es)] {
        for (n, word) in list.iter().enumerate() {
            if Keyword::parse(word).is_none() {
                out.push(invalid(
                    format!("{at}.keywords.{lang}[{n}]"),
                    both!("packs-module-keyword-empty", word = word),
                ));
            }
        }
    }
}

fn check_sections(module: &ModuleManifest, out: &mut Problems) {
    let media: HashSet<&str> = module.media.iter().map(|m| m.file.as_str()).collect();
    let mut section_ids = Vec::new();
    let mut topic_ids = Vec::new();
    for (i, phase) in module.phases.iter().enumerate() {
        let at = format!("phases[{i}]");
        check_filled(
            MODULE_FILE,
            [
                (format!("{at}.id"), phase.id.as_str()),
                (format!("{at}.title"), phase.title.as_str()),
            ],
            out,
        );
        check_count(
            format!("{at}.sections"),
            phase.sections.len(),
            1,
            MAX_SECTIONS_PER_PHASE,
            out,
        );
        for (j, section) in phase.sections.iter().enumerate() {
            let at = format!("{at}.sections[{j}]");
            check_filled(
                MODULE_FILE,
                [
                    (format!("{at}.id"), section.id.as_str()),
                    (format!("{at}.title"), section.title.as_str()),
                    (format!("{at}.intro"), section.intro.as_str()),
                ],
                out,
            );
            check_length(format!("{at}.intro"), &section.intro, MAX_NOTE_CHARS, out);
            section_ids.push((format!("{at}.id"), section.id.as_str()));
            check_count(
                format!("{at}.topics"),
                section.topics.len(),
                1,
                MAX_TOPICS_PER_SECTION,
                out,
            );
            for (k, path) in section.media.iter().enumerate() {
                if !media.contains(path.as_str()) {
                    let (en, es) = both!("packs-module-media-unlisted", path = path);
                    out.push(
                        PackError::field(
                            PackErrorKind::MissingFile,
                            MODULE_FILE,
                            format!("{at}.media[{k}]"),
                            en,
                        )
                        .with_es(es),
                    );
                }
            }
            if let Some(form) = &section.form {
                if module.form(form).is_none() {
                    out.push(invalid(
                        format!("{at}.form"),
                        both!("packs-module-no-form", form = form),
                    ));
                }
            }
            for (k, topic) in section.topics.iter().enumerate() {
                let at = format!("{at}.topics[{k}]");
                check_topic(&at, topic, out);
                topic_ids.push((format!("{at}.id"), topic.id.as_str()));
            }
        }
    }
    check_unique(MODULE_FILE, section_ids, out);
    check_unique(MODULE_FILE, topic_ids, out);
}

/// Every problem of `module.json` that its JSON shape cannot show (docs/module-pack.md),
/// in the order the importer meets them.
pub fn module_problems(module: &ModuleManifest) -> Problems {
    let mut out = Problems::new();
    check_structure(module, &mut out);
    check_unique(
        MODULE_FILE,
        module
            .media
            .iter()
            .enumerate()
            .map(|(i, m)| (format!("media[{i}].file"), m.file.as_str())),
        &mut out,
    );
    for (i, media) in module.media.iter().enumerate() {
        check_media(i, media, &mut out);
    }
    check_unique(
        MODULE_FILE,
        module
            .forms
            .iter()
            .enumerate()
            .map(|(i, f)| (format!("forms[{i}].id"), f.id.as_str())),
        &mut out,
    );
    let topics: HashSet<&str> = module.topics().map(|t| t.id.as_str()).collect();
    for (i, form) in module.forms.iter().enumerate() {
        check_form(i, form, &topics, &mut out);
    }
    check_sections(module, &mut out);
    out
}

/// Checks `module.json` as the importer does: its first problem ([`module_problems`]).
pub fn validate_module(module: &ModuleManifest) -> Result<(), PackError> {
    first(module_problems(module))
}

#[cfg(test)]
mod tests {
    use crate::course::PackErrorKind;
    use crate::module::testing::{module, module_with};

    fn refused(find: &str, replace: &str) -> (PackErrorKind, String) {
        let e = module_with(find, replace).expect_err("the change must be refused");
        (e.kind, e.field.unwrap_or_default())
    }

    #[test]
    fn the_test_module_is_valid() {
        let m = module();
        assert_eq!(m.sections().len(), 3);
        assert_eq!(m.topics().count(), 6);
    }

    #[test]
    fn more_media_or_forms_than_the_import_limit_are_refused() {
        use crate::import_limits::{MAX_MODULE_FORMS, MAX_MODULE_MEDIA};
        let media: String = (0..MAX_MODULE_MEDIA)
            .map(|i| format!(r#"{{"file": "m/{i}.png", "type": "image", "alt": "a"}},"#))
            .collect();
        let media = format!(r#""media": [{media}{{"file""#);
        assert_eq!(
            refused(r#""media": [{"file""#, &media),
            (PackErrorKind::TooManyItems, "media".to_string())
        );
        let forms: String = (0..MAX_MODULE_FORMS)
            .map(|i| format!(r#"{{"id": "f{i}", "fields": []}},"#))
            .collect();
        let forms = format!(r#""forms": [{forms}"#);
        // Forms are counted before they are validated: empty ones still count.
        assert_eq!(
            refused(r#""forms": ["#, &forms),
            (PackErrorKind::TooManyItems, "forms".to_string())
        );
    }

    #[test]
    fn only_format_version_1_is_read() {
        assert_eq!(
            refused(r#""formatVersion": 1"#, r#""formatVersion": 2"#).1,
            "formatVersion"
        );
    }

    #[test]
    fn the_module_id_is_a_slug() {
        assert_eq!(refused(r#""id": "calm""#, r#""id": "Calm Module""#).1, "id");
    }

    #[test]
    fn unknown_fields_are_refused_with_their_path() {
        let (kind, field) = refused(
            r#""intro": "Stress shows"#,
            r#""intr": "x", "intro": "Stress shows"#,
        );
        assert_eq!(kind, PackErrorKind::InvalidField);
        assert!(field.starts_with("phases[0].sections[0]"), "{field}");
    }

    #[test]
    fn section_and_topic_ids_are_unique() {
        assert_eq!(
            refused(r#""id": "mind""#, r#""id": "body""#).0,
            PackErrorKind::DuplicateId
        );
        assert_eq!(
            refused(r#""id": "breaks""#, r#""id": "sleep""#).0,
            PackErrorKind::DuplicateId
        );
    }

    #[test]
    fn a_topic_needs_a_keyword_with_letters() {
        let (_, field) = refused(
            r#""keywords": {"en": ["sleep", "slept"], "es": ["dormir", "sueño"]}"#,
            r#""keywords": {"en": [], "es": []}"#,
        );
        assert_eq!(field, "phases[1].sections[0].topics[0].keywords");
        let (_, field) = refused(r#"["worry", "worried"]"#, r#"["worry", "*"]"#);
        assert_eq!(field, "phases[0].sections[1].topics[0].keywords.en[1]");
    }

    #[test]
    fn section_media_must_be_listed_and_forms_must_exist() {
        let (kind, _) = refused(
            r#""media": ["media/curve.svg"]"#,
            r#""media": ["media/other.svg"]"#,
        );
        assert_eq!(kind, PackErrorKind::MissingFile);
        assert_eq!(
            refused(r#""form": "check_in""#, r#""form": "nope""#).1,
            "phases[0].sections[0].form"
        );
    }

    #[test]
    fn media_must_fit_its_type_stay_in_the_pack_and_images_need_alt() {
        let (kind, _) = refused(
            r#""file": "media/curve.svg", "type": "image""#,
            r#""file": "media/curve.mp3", "type": "image""#,
        );
        assert_eq!(kind, PackErrorKind::UnsupportedContent);
        assert_eq!(
            refused(r#""file": "media/curve.svg""#, r#""file": "../curve.svg""#).1,
            "media[0].file"
        );
        assert_eq!(refused(r#""alt": "A curve", "#, "").1, "media[0].alt");
    }

    #[test]
    fn form_and_field_ids_are_snake_case() {
        assert_eq!(
            refused(
                r#""id": "check_in", "title""#,
                r#""id": "Check-In", "title""#
            )
            .1,
            "forms[0].id"
        );
        assert_eq!(
            refused(r#""id": "sleep_hours""#, r#""id": "sleepHours""#).1,
            "forms[0].fields[1].id"
        );
    }

    #[test]
    fn choice_fields_need_options_and_only_they_have_them() {
        let (_, field) = refused(
            r#""options": [
      {"value": "low", "label": "Low"}, {"value": "high", "label": "High"}]"#,
            r#""options": [{"value": "low", "label": "Low"}]"#,
        );
        assert_eq!(field, "forms[0].fields[2].options");
        let (_, field) = refused(
            r#""label": "Anything else""#,
            r#""label": "Anything else", "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]"#,
        );
        assert_eq!(field, "forms[0].fields[3].options");
    }

    #[test]
    fn bounds_are_only_for_numbers_and_ordered() {
        assert_eq!(
            refused(r#""min": 0, "max": 14"#, r#""min": 15, "max": 14"#).1,
            "forms[0].fields[1].max"
        );
        assert_eq!(
            refused(
                r#""label": "Anything else""#,
                r#""label": "Anything else", "max": 3"#
            )
            .1,
            "forms[0].fields[3].min"
        );
    }

    #[test]
    fn covers_must_name_topics() {
        let (kind, field) = refused(r#""covers": ["sleep"]"#, r#""covers": ["naps"]"#);
        assert_eq!(kind, PackErrorKind::UnknownUnit);
        assert_eq!(field, "forms[0].fields[1].covers[0]");
    }
}
