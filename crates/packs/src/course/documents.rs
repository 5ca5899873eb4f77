//! What a course pack puts in the index: one document per anchor, content chunk,
//! exam candidate and support chunk, each with the spec's metadata.

use super::chunk::{split_text, Section, CHUNK_CHARS, CHUNK_OVERLAP};
use super::model::{ContentKind, CourseManifest, ExamFile, Question, Unit};
use lantern_core::retrieval::{
    CandidateMetadata, ChunkMetadata, ChunkType, Collection, Document, Record,
};

/// One content file of a unit, already split into sections by the reader.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentFile {
    /// The unit that lists it.
    pub unit_id: String,
    /// Its path in the pack (the chunks' `sourceId`).
    pub path: String,
    /// Its kind.
    pub kind: ContentKind,
    /// Its sections (headings, time windows or pages).
    pub sections: Vec<Section>,
}

/// Every document a pack contributes, with the collection it goes to.
pub fn index_documents(
    course: &CourseManifest,
    exams: &ExamFile,
    contents: &[ContentFile],
) -> Vec<(Collection, Document)> {
    let mut docs = Vec::new();
    for unit in &course.units {
        docs.push((Collection::UnitAnchors, anchor_document(course, unit)));
    }
    for file in contents {
        let unit_title = course
            .units
            .iter()
            .find(|u| u.id == file.unit_id)
            .map_or("", |u| u.title.as_str());
        let chunk_type = match file.kind {
            ContentKind::Markdown | ContentKind::Text => ChunkType::Notes,
            ContentKind::WebVtt | ContentKind::SubRip => ChunkType::Transcript,
            ContentKind::Pdf => ChunkType::Pdf,
        };
        for (s, section) in file.sections.iter().enumerate() {
            let origin = Origin {
                course_id: &course.id,
                unit_id: &file.unit_id,
                context: unit_title,
                source_id: &file.path,
                chunk_type,
            };
            docs.extend(
                origin
                    .chunks(section, &format!("{}#{s}", file.path))
                    .map(|d| (Collection::UnitContentChunks, d)),
            );
        }
    }
    for question in &exams.questions {
        docs.push((
            Collection::ExamCandidates,
            candidate_document(&course.id, question),
        ));
        docs.extend(
            support_documents(&course.id, question).map(|d| (Collection::ExamSupportChunks, d)),
        );
    }
    docs
}

fn anchor_document(course: &CourseManifest, unit: &Unit) -> Document {
    let mut text = format!("{}. {}", unit.title, unit.anchor);
    if !unit.tags.is_empty() {
        text.push_str(&format!(
            " Topics: {}.",
            unit.tags.join(", ").replace('_', " ")
        ));
    }
    if !unit.misconceptions.is_empty() {
        text.push_str(&format!(" Common mistakes: {}", unit.misconception_text()));
    }
    Document {
        id: format!("{}:{}:anchor", course.id, unit.id),
        source: course.id.clone(),
        text: text.clone(),
        record: Record::Chunk(ChunkMetadata {
            course_id: course.id.clone(),
            unit_id: unit.id.clone(),
            chunk_type: ChunkType::Anchor,
            source_id: super::parse::COURSE_FILE.into(),
            section: unit.title.clone(),
            text,
        }),
    }
}

/// Where chunks come from; `context` is prefixed to the embedded text only.
struct Origin<'a> {
    course_id: &'a str,
    unit_id: &'a str,
    context: &'a str,
    source_id: &'a str,
    chunk_type: ChunkType,
}

impl Origin<'_> {
    fn chunks<'s>(
        &'s self,
        section: &'s Section,
        id_prefix: &'s str,
    ) -> impl Iterator<Item = Document> + 's {
        split_text(&section.text, CHUNK_CHARS, CHUNK_OVERLAP)
            .into_iter()
            .enumerate()
            .map(move |(c, text)| Document {
                id: format!("{}:{}:{id_prefix}.{c}", self.course_id, self.unit_id),
                source: self.course_id.to_string(),
                // The unit and section titles help a short chunk match its topic.
                text: format!("{} — {}: {text}", self.context, section.title),
                record: Record::Chunk(ChunkMetadata {
                    course_id: self.course_id.to_string(),
                    unit_id: self.unit_id.to_string(),
                    chunk_type: self.chunk_type,
                    source_id: self.source_id.to_string(),
                    section: section.title.clone(),
                    text,
                }),
            })
    }
}

fn candidate_document(course_id: &str, q: &Question) -> Document {
    let mut text = q.stem.clone();
    if !q.tags.is_empty() {
        text.push_str(&format!(
            " Topics: {}.",
            q.tags.join(", ").replace('_', " ")
        ));
    }
    Document {
        id: format!("{course_id}:{}", q.id),
        source: course_id.to_string(),
        text,
        record: Record::Candidate(CandidateMetadata {
            course_id: course_id.to_string(),
            question_id: q.id.clone(),
            unit_ids: q.unit_ids.clone(),
            difficulty_tier: q.tier,
            tags: q.tags.clone(),
        }),
    }
}

fn support_documents<'q>(
    course_id: &'q str,
    q: &'q Question,
) -> impl Iterator<Item = Document> + 'q {
    let unit_id = q.unit_ids.first().map_or("", String::as_str);
    let memo = Section {
        title: "memo".into(),
        text: q.memo.clone(),
    };
    let transcript = q.transcript.as_ref().map(|t| Section {
        title: "video walkthrough".into(),
        text: t.clone(),
    });
    [(memo, ChunkType::Memo)]
        .into_iter()
        .chain(transcript.map(|t| (t, ChunkType::Transcript)))
        .flat_map(move |(section, chunk_type)| {
            let origin = Origin {
                course_id,
                unit_id,
                context: &q.stem,
                source_id: &q.id,
                chunk_type,
            };
            let prefix = format!("{}#{}", q.id, section.title.replace(' ', "-"));
            origin.chunks(&section, &prefix).collect::<Vec<_>>()
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{parse_course, parse_exams};

    fn fixture() -> (CourseManifest, ExamFile, Vec<ContentFile>) {
        let course = parse_course(
            r#"{"formatVersion":1,"id":"c","title":"T","entryUnit":"a",
            "units":[{"id":"a","title":"Linear equations","anchor":"Solve ax+b=c.","tags":["linear_equations"],
            "misconceptions":["Forgets to do the same to both sides."],"content":["a.md"]},
            {"id":"b","title":"Quadratics","anchor":"Solve x^2+bx+c=0."}]}"#,
        )
        .unwrap();
        let exams = parse_exams(
            r#"{"formatVersion":1,"questions":[{"id":"q1","unitIds":["a","b"],"tier":"gold","stem":"Solve 2x+1=5",
            "options":[{"id":"A","text":"2"},{"id":"B","text":"3"}],"correct":"A","memo":"Subtract 1, divide by 2.",
            "tags":["linear_equations"],"transcript":"In this video we solve it."}]}"#,
            &course,
        )
        .unwrap();
        let contents = vec![ContentFile {
            unit_id: "a".into(),
            path: "a.md".into(),
            kind: ContentKind::Markdown,
            sections: vec![Section {
                title: "Balancing".into(),
                text: "Do the same to both sides. ".repeat(60),
            }],
        }];
        (course, exams, contents)
    }

    fn in_collection(docs: &[(Collection, Document)], c: Collection) -> Vec<&Document> {
        docs.iter()
            .filter(|(col, _)| *col == c)
            .map(|(_, d)| d)
            .collect()
    }

    #[test]
    fn every_unit_gets_one_anchor_with_tags_and_misconceptions() {
        let (course, exams, contents) = fixture();
        let docs = index_documents(&course, &exams, &contents);
        let anchors = in_collection(&docs, Collection::UnitAnchors);
        assert_eq!(anchors.len(), 2);
        assert!(
            anchors[0].text.contains("linear equations") && anchors[0].text.contains("both sides")
        );
    }

    #[test]
    fn content_is_chunked_with_section_and_source_metadata() {
        let (course, exams, contents) = fixture();
        let docs = index_documents(&course, &exams, &contents);
        let chunks = in_collection(&docs, Collection::UnitContentChunks);
        assert!(
            chunks.len() >= 2,
            "1,600 characters make at least two chunks"
        );
        let Record::Chunk(meta) = &chunks[0].record else {
            panic!("chunk expected")
        };
        assert_eq!(
            (meta.unit_id.as_str(), meta.source_id.as_str()),
            ("a", "a.md")
        );
        assert_eq!(
            (meta.section.as_str(), meta.chunk_type),
            ("Balancing", ChunkType::Notes)
        );
        assert!(chunks[0].text.starts_with("Linear equations — Balancing: "));
    }

    #[test]
    fn questions_give_a_candidate_and_support_chunks() {
        let (course, exams, contents) = fixture();
        let docs = index_documents(&course, &exams, &contents);
        let candidates = in_collection(&docs, Collection::ExamCandidates);
        let Record::Candidate(meta) = &candidates[0].record else {
            panic!("candidate expected")
        };
        assert_eq!(meta.unit_ids, ["a", "b"]);
        let support = in_collection(&docs, Collection::ExamSupportChunks);
        let types: Vec<_> = support
            .iter()
            .map(|d| match &d.record {
                Record::Chunk(c) => c.chunk_type,
                Record::Candidate(_) => panic!("chunk expected"),
            })
            .collect();
        assert_eq!(types, [ChunkType::Memo, ChunkType::Transcript]);
    }

    #[test]
    fn ids_are_unique_and_every_document_belongs_to_the_course() {
        let (course, exams, contents) = fixture();
        let docs = index_documents(&course, &exams, &contents);
        let ids: std::collections::HashSet<_> = docs.iter().map(|(_, d)| d.id.as_str()).collect();
        assert_eq!(ids.len(), docs.len());
        assert!(docs.iter().all(|(_, d)| d.source == "c"));
    }
}
