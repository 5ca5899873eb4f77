//! Importing a project's specification files (PDF, Markdown, text) into the
//! `project_specs` collection: each file read completely first, then imported as its own
//! index generation under the shared import lock, the catalog row and the published
//! generation written in one transaction (crash-atomic, like a course).

use crate::folder_pack::read_confined;
use crate::import::{new_generation, refresh_index};
use crate::{pdf_pages, ImportLock, LanceRetriever};
use lantern_core::retrieval::Collection;
use lantern_packs::course::{
    markdown_sections, plain_sections, ImportError, ImportProgress, PackError, PackErrorKind,
    Section,
};
use lantern_packs::import_limits::{max_file_bytes, SectionTally};
use lantern_reports::specs::{import_spec_file, SpecCatalog, SpecFile};
use std::path::Path;

/// Reads a specification file by its extension: `.pdf` (one section per page), `.md`
/// (per heading) or `.txt`, within the import limits (its size checked before reading;
/// a symbolic link refused).
pub fn read_spec_file(path: &Path) -> Result<SpecFile, ImportError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let folder = path
        .parent()
        .map(|p| {
            if p.as_os_str().is_empty() {
                Path::new(".")
            } else {
                p
            }
        })
        .and_then(|p| std::fs::canonicalize(p).ok())
        .ok_or_else(|| {
            PackError::file(
                PackErrorKind::NotFound,
                path.display().to_string(),
                "no such file",
            )
        })?;
    let bytes = read_confined(&folder, &name, max_file_bytes(&name))?;
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    let text = |bytes: Vec<u8>| {
        String::from_utf8(bytes).map_err(|_| {
            PackError::file(PackErrorKind::UnsupportedContent, &name, "not UTF-8 text")
        })
    };
    let sections: Vec<Section> = match extension.as_str() {
        "pdf" => pdf_pages(&name, bytes)?
            .into_iter()
            .enumerate()
            .flat_map(|(i, page)| plain_sections(&page, &format!("page {}", i + 1)))
            .collect(),
        "md" | "markdown" => markdown_sections(&text(bytes)?, &name),
        "txt" | "text" => plain_sections(&text(bytes)?, &name),
        other => {
            return Err(PackError::file(
                PackErrorKind::UnsupportedContent,
                &name,
                format!(".{other} is not a specification format (PDF, Markdown or text)"),
            )
            .into())
        }
    };
    SectionTally::default().add(&name, sections.iter().map(|s| s.text.len()))?;
    if sections.is_empty() {
        return Err(
            PackError::file(PackErrorKind::PdfUnreadable, &name, "the file has no text").into(),
        );
    }
    Ok(SpecFile { name, sections })
}

/// Imports `paths` as specification files of `project_id`: all are read before anything
/// is written; each is then its own crash-atomic import. Returns each file's name and
/// passage count.
pub async fn import_project_specs(
    project_id: i64,
    paths: &[&Path],
    retriever: &LanceRetriever,
    catalog: &dyn SpecCatalog,
    on_progress: &mut (dyn FnMut(&str, ImportProgress) + Send),
) -> Result<Vec<(String, usize)>, ImportError> {
    let files = paths
        .iter()
        .map(|p| read_spec_file(p))
        .collect::<Result<Vec<_>, _>>()?;
    let store = retriever.store();
    let _one_at_a_time = ImportLock::acquire(store.dir())
        .await
        .map_err(|e| ImportError::Retrieval(e.into()))?;
    let mut imported = Vec::new();
    for file in &files {
        let generation = new_generation();
        let mut progress = |p| on_progress(&file.name, p);
        match import_spec_file(
            project_id,
            file,
            &generation,
            retriever,
            catalog,
            &mut progress,
        )
        .await
        {
            Ok(passages) => imported.push((file.name.clone(), passages)),
            Err(e) => {
                if let Err(sweep) = store.sweep(Collection::ProjectSpecs).await {
                    tracing::warn!("cannot sweep project_specs: {sweep}");
                }
                return Err(e);
            }
        }
    }
    refresh_index(retriever, Collection::ProjectSpecs).await?;
    Ok(imported)
}
