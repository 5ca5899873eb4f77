//! Reading a course pack from disk into validated, sectioned contents.

use crate::pack_source::PackSource;
use crate::pdf::pdf_pages;
use lantern_packs::course::{
    markdown_sections, parse_course, parse_exams, parse_transcript, plain_sections,
    transcript_sections, ContentFile, ContentKind, CoursePackContents, PackError, PackErrorKind,
    Section, COURSE_FILE, EXAMS_FILE,
};
use lantern_packs::import_limits::SectionTally;
use std::path::Path;

/// Reads and validates the pack at `path` (folder or zip) within the import limits:
/// `course.json`, `exams.json`, then only the content files and videos they name (each
/// once), split into sections — at most `MAX_SECTIONS` holding at most
/// `MAX_SECTION_TEXT_BYTES` of text. Nothing is written.
pub fn read_course_pack(path: &Path) -> Result<CoursePackContents, PackError> {
    let mut source = PackSource::open(path)?;
    let course = parse_course(&source.read_text(COURSE_FILE)?)?;
    let exams = parse_exams(&source.read_text(EXAMS_FILE)?, &course)?;
    let mut contents = Vec::new();
    let mut tally = SectionTally::default();
    for (i, unit) in course.units.iter().enumerate() {
        for (j, file) in unit.content.iter().enumerate() {
            let kind = ContentKind::of(file).ok_or_else(|| {
                PackError::field(
                    PackErrorKind::UnsupportedContent,
                    COURSE_FILE,
                    format!("units[{i}].content[{j}]"),
                    format!("`{file}` is not a supported content file"),
                )
            })?;
            let sections = sections_of(&mut source, file, kind)?;
            tally.add(file, sections.iter().map(|s| s.text.len()))?;
            contents.push(ContentFile {
                unit_id: unit.id.clone(),
                path: file.clone(),
                kind,
                sections,
            });
        }
    }
    let mut videos = Vec::new();
    for path in exams.questions.iter().filter_map(|q| q.video.as_ref()) {
        if !videos.iter().any(|(p, _)| p == path) {
            videos.push((path.clone(), source.read(path)?));
        }
    }
    Ok(CoursePackContents {
        course,
        exams,
        contents,
        videos,
    })
}

fn file_stem(path: &str) -> &str {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.rsplit_once('.').map_or(name, |(stem, _)| stem)
}

fn sections_of(
    source: &mut PackSource,
    file: &str,
    kind: ContentKind,
) -> Result<Vec<Section>, PackError> {
    Ok(match kind {
        ContentKind::Markdown => markdown_sections(&source.read_text(file)?, file_stem(file)),
        ContentKind::Text => plain_sections(&source.read_text(file)?, file_stem(file)),
        ContentKind::WebVtt | ContentKind::SubRip => {
            let text = source.read_text(file)?;
            let cues = parse_transcript(&text);
            if cues.is_empty() {
                return Err(PackError::file(
                    PackErrorKind::InvalidField,
                    file,
                    "no timed captions found (expected `00:00:01.000 --> 00:00:04.000` lines)",
                ));
            }
            transcript_sections(&cues)
        }
        ContentKind::Pdf => pdf_pages(file, source.read(file)?)?
            .iter()
            .enumerate()
            .flat_map(|(page, text)| plain_sections(text, &format!("page {}", page + 1)))
            .collect(),
    })
}
