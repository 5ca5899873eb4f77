//! A module's text as index documents of the `module_content` collection: one per
//! section introduction and one per topic note, filtered by the module's owner id.

use super::model::ModuleManifest;
use lantern_core::retrieval::{ChunkMetadata, ChunkType, Document, Record};

/// The index owner (and `course_id` filter value) of a module's records.
pub fn module_owner(module_id: &str) -> String {
    format!("module-{module_id}")
}

/// Every section intro and topic note of `module`; `unit_id` is the section id and
/// `source_id` the topic id (the section id for an intro).
pub fn module_documents(module: &ModuleManifest) -> Vec<Document> {
    let owner = module_owner(&module.id);
    let mut documents = Vec::new();
    for at in module.sections() {
        let section = at.section;
        let mut push = |source_id: &str, title: &str, text: &str| {
            documents.push(Document {
                id: format!("{owner}#{source_id}"),
                source: owner.clone(),
                text: format!("{title}\n{text}"),
                record: Record::Chunk(ChunkMetadata {
                    course_id: owner.clone(),
                    unit_id: section.id.clone(),
                    chunk_type: ChunkType::Notes,
                    source_id: source_id.to_string(),
                    section: title.to_string(),
                    text: text.to_string(),
                }),
            });
        };
        push(&section.id, &section.title, &section.intro);
        for topic in &section.topics {
            push(&topic.id, &topic.title, &topic.notes);
        }
    }
    documents
}
