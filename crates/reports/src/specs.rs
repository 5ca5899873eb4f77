//! A project's specification files in the index (`project_specs`), for the
//! `search_project_specs` tool. Each file is its own owner of index records
//! (`project-<id>/<file>`), imported like a course: its passages are added under a new
//! generation, the catalog records the file and publishes the generation in one
//! transaction, then older generations of the file are retired — so a kill at any
//! moment leaves the old file or the new one, never a mix, and re-importing a file
//! replaces it.

use super::project_owner;
use lantern_core::llm::BoxFuture;
use lantern_core::retrieval::{ChunkMetadata, ChunkType, Collection, Document, Record, Retriever};
use lantern_packs::course::{
    import_owner, split_text, CatalogError, ImportError, ImportProgress, Section, CHUNK_CHARS,
    CHUNK_OVERLAP,
};

/// A specification file read and split into sections (headings or pages).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecFile {
    /// The file's name, shown as the passage's source.
    pub name: String,
    /// Its sections.
    pub sections: Vec<Section>,
}

/// The index owner of one specification file of a project.
pub fn spec_owner(project_id: i64, name: &str) -> String {
    format!("{}/{name}", project_owner(project_id))
}

/// The file's passages as index documents, filtered by the project (`course_id`).
pub fn spec_documents(project_id: i64, file: &SpecFile) -> Vec<Document> {
    let owner = spec_owner(project_id, &file.name);
    let mut documents = Vec::new();
    for section in &file.sections {
        for chunk in split_text(&section.text, CHUNK_CHARS, CHUNK_OVERLAP) {
            documents.push(Document {
                id: format!("{owner}#{}", documents.len()),
                source: owner.clone(),
                text: format!("{}\n{chunk}", section.title),
                record: Record::Chunk(ChunkMetadata {
                    course_id: project_owner(project_id),
                    unit_id: file.name.clone(),
                    chunk_type: ChunkType::Notes,
                    source_id: file.name.clone(),
                    section: section.title.clone(),
                    text: chunk,
                }),
            });
        }
    }
    documents
}

/// Where a project's specification files are listed (SQLite in Lantern).
pub trait SpecCatalog: Send + Sync {
    /// Records `name` in the project with its passage count and publishes `generation`
    /// as its owner's, in one transaction.
    fn save_spec_file<'a>(
        &'a self,
        project_id: i64,
        name: &'a str,
        passages: usize,
        generation: &'a str,
    ) -> BoxFuture<'a, Result<(), CatalogError>>;
}

/// Imports one specification file of a project under `generation` (new and unique).
/// Returns the number of passages indexed.
pub async fn import_spec_file(
    project_id: i64,
    file: &SpecFile,
    generation: &str,
    retriever: &dyn Retriever,
    catalog: &dyn SpecCatalog,
    on_progress: &mut (dyn FnMut(ImportProgress) + Send),
) -> Result<usize, ImportError> {
    let documents = spec_documents(project_id, file);
    let save = catalog.save_spec_file(project_id, &file.name, documents.len(), generation);
    import_owner(
        retriever,
        Collection::ProjectSpecs,
        &spec_owner(project_id, &file.name),
        generation,
        &documents,
        on_progress,
        save,
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passages_belong_to_the_project_and_name_their_file() {
        let file = SpecFile {
            name: "roofing.md".into(),
            sections: vec![Section {
                title: "Gutters".into(),
                text: "Gutters must be at least 100 mm wide.".into(),
            }],
        };
        let documents = spec_documents(7, &file);
        assert_eq!(documents.len(), 1);
        assert_eq!(documents[0].source, "project-7/roofing.md");
        assert_eq!(documents[0].record.course_id(), "project-7");
        assert!(documents[0].text.starts_with("Gutters\n"));
    }
}
