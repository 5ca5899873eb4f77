//! `lantern module new`: a module pack drafted from a teacher's folder of Markdown notes —
//! a section per file, heading or folder (read as `lantern course new` reads notes), a
//! topic per sub-heading with its teaching note and keywords, phases of at most twenty
//! sections — and a `REVIEW.md` that says what to check. Pure, like the course drafter.

mod review;
mod section;

use crate::course::authoring::{
    first_paragraph, json_file, notes_language, outline, slug, title_and_id, title_or, unique,
    DraftOptions, PackDraft, REVIEW_FILE,
};
use crate::messages::MESSAGES;
use crate::module::{
    ModuleManifest, Phase, MAX_PHASES, MAX_SECTIONS, MAX_SECTIONS_PER_PHASE, MAX_TOPICS,
    MODULE_FILE, MODULE_FORMAT_VERSION,
};
use lantern_core::language::Language;
use lantern_core::say;
use section::{draft_section, SectionDraft};
use std::collections::HashSet;

/// The phases: one named after the module, or "Part 1", "Part 2"… of at most
/// [`MAX_SECTIONS_PER_PHASE`] sections each.
fn phases(title: &str, sections: Vec<SectionDraft>, language: Language) -> Vec<Phase> {
    let chunks: Vec<Vec<SectionDraft>> = sections
        .chunks(MAX_SECTIONS_PER_PHASE)
        .map(<[SectionDraft]>::to_vec)
        .take(MAX_PHASES)
        .collect();
    let several = chunks.len() > 1;
    chunks
        .into_iter()
        .enumerate()
        .map(|(i, chunk)| Phase {
            id: format!("part-{}", i + 1),
            title: if several {
                say!(MESSAGES, language, "packs-part", n = &(i + 1).to_string())
            } else {
                title.to_string()
            },
            sections: chunk.into_iter().map(|d| d.section).collect(),
        })
        .collect()
}

/// Drafts a module pack from `notes` (path in the notes folder, Markdown text); `None`
/// when there are no notes.
pub fn draft_module(notes: &[(String, String)], options: &DraftOptions) -> Option<PackDraft> {
    let mut outline = outline(notes);
    if outline.parts.is_empty() {
        return None;
    }
    let language = options.language.unwrap_or_else(|| notes_language(notes));
    for (i, part) in outline.parts.iter_mut().enumerate() {
        part.title = title_or(&part.title, || {
            say!(
                MESSAGES,
                language,
                "packs-untitled-section",
                n = &(i + 1).to_string()
            )
        });
    }
    let (title, id) = title_and_id(options, &outline, "module");
    let mut section_ids = HashSet::new();
    let mut topic_ids = HashSet::new();
    let mut drafts: Vec<SectionDraft> = Vec::new();
    let mut topics = 0;
    for (i, part) in outline.parts.iter().take(MAX_SECTIONS).enumerate() {
        let section_id = unique(
            slug(&part.title, '-'),
            &format!("section-{}", i + 1),
            &mut section_ids,
        );
        let mut d = draft_section(section_id, part, language, &mut topic_ids);
        let room = MAX_TOPICS.saturating_sub(topics);
        if room == 0 {
            break;
        }
        d.left_out += d.section.topics.len().saturating_sub(room);
        d.section.topics.truncate(room);
        topics += d.section.topics.len();
        drafts.push(d);
    }
    let left_out_sections = outline.parts.len() - drafts.len();
    let review = review::review(
        &title,
        &id,
        language,
        &outline.shape,
        &drafts,
        left_out_sections,
    );
    let module = ModuleManifest {
        format_version: MODULE_FORMAT_VERSION,
        id: id.clone(),
        title: title.clone(),
        language: language.code().to_string(),
        description: first_paragraph(&outline.intro),
        phases: phases(&title, drafts, language),
        media: Vec::new(),
        forms: Vec::new(),
    };
    Some(PackDraft {
        id,
        title,
        language,
        parts: module.sections().len(),
        files: vec![
            (MODULE_FILE.to_string(), json_file(&module)),
            (REVIEW_FILE.to_string(), review),
        ],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::authoring::notes_of as notes;
    use crate::module::check::check_module_pack;

    #[test]
    fn notes_become_a_module_that_checks() {
        let draft = draft_module(
            &notes(&[
                ("1-sleep.md", "# Sleep\n\nSleep fixes memories.\n\n## Naps\n\nA short nap helps.\n\n## Screens\n\nScreens delay sleep.\n"),
                ("2-food.md", "Breakfast gives energy for the morning."),
            ]),
            &DraftOptions {
                folder_name: "healthy-habits".into(),
                ..DraftOptions::default()
            },
        )
        .unwrap();
        assert_eq!(draft.id, "healthy-habits");
        assert_eq!(draft.parts, 2);
        let module: ModuleManifest = serde_json::from_str(&draft.files[0].1).expect("module.json");
        assert_eq!(module.phases.len(), 1);
        assert_eq!(module.phases[0].sections[0].topics.len(), 2);
        let report = check_module_pack(&draft.files, &[]);
        assert!(report.problems.is_empty(), "{:?}", report.problems);
    }

    #[test]
    fn many_sections_make_several_phases_within_the_limits() {
        let files: Vec<(String, String)> = (1..=45)
            .map(|i| {
                (
                    format!("{i}.md"),
                    format!("# Topic {i}\n\nText number {i} here."),
                )
            })
            .collect();
        let draft = draft_module(&files, &DraftOptions::default()).unwrap();
        let module: ModuleManifest = serde_json::from_str(&draft.files[0].1).unwrap();
        assert_eq!(module.sections().len(), MAX_SECTIONS);
        assert_eq!(module.phases.len(), 2);
        let report = check_module_pack(&draft.files, &[]);
        assert!(report.problems.is_empty(), "{:?}", report.problems);
    }
}
