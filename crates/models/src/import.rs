//! Importing a GGUF into the list (checked first: header, checksum of a known model,
//! metadata, memory, and a load by llama.cpp in a worker process) and removing it.
//!
//! A copy is written under a new temporary name, flushed, then renamed
//! ([`lantern_store::write_new_file_with`]), and only then recorded: a kill leaves at
//! most an unlisted file, which [`ModelLibrary::tidy`] removes.

use crate::{ModelLibrary, ModelsError, CONTEXT_TOKENS};
use lantern_core::catalog::ModelKey;
use lantern_llm::{check_for_import, check_loads, ImportCheck};
use lantern_store::{write_new_file_with, ImportedModel, NewImportedModel};
use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Bytes copied between progress reports.
const CHUNK: usize = 8 << 20;

/// Whether an import copies the file or uses it where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImportMode {
    /// Lantern keeps its own copy in the data folder (survives the original moving).
    Copy,
    /// The file stays where it is (no extra disk space; must stay there).
    Reference,
}

/// Hears how much of a copy is done: bytes copied and total.
pub type ImportProgress<'a> = &'a (dyn Fn(u64, u64) + Send + Sync);

impl ModelLibrary {
    /// Checks `path` as an import would, without recording anything.
    pub async fn check(&self, path: &Path) -> Result<ImportCheck, ModelsError> {
        let owned = path.to_path_buf();
        let check = tokio::task::spawn_blocking(move || check_for_import(&owned, CONTEXT_TOKENS))
            .await
            .map_err(|e| ModelsError::Copy(e.to_string()))??;
        check_loads(self.worker.program.clone(), self.worker.args.clone(), path).await?;
        Ok(check)
    }

    /// Checks and imports the GGUF at `path` (copied or referenced).
    pub async fn import(
        &self,
        path: &Path,
        mode: ImportMode,
        on_progress: ImportProgress<'_>,
    ) -> Result<ImportedModel, ModelsError> {
        let source = std::fs::canonicalize(path)
            .map_err(|_| lantern_core::llm::LlmError::NotFound(path.to_path_buf()))?;
        let check = self.check(&source).await?;
        if mode == ImportMode::Reference {
            self.refuse_listed(&source).await?;
        }
        let file = match mode {
            ImportMode::Copy => self.copy_in(&source, on_progress).await?,
            ImportMode::Reference => source,
        };
        let recorded = self
            .store
            .add_imported_model(&NewImportedModel {
                path: file.to_string_lossy().into_owned(),
                copied: mode == ImportMode::Copy,
                name: check.info.name,
                architecture: check.info.architecture,
                size_bytes: check.info.file_size,
                ram_bytes: check.ram_bytes,
                chat_template: check.info.has_chat_template,
            })
            .await;
        if recorded.is_err() && mode == ImportMode::Copy {
            let _ = std::fs::remove_file(&file);
        }
        Ok(recorded?)
    }

    async fn refuse_listed(&self, source: &Path) -> Result<(), ModelsError> {
        match self.key_for_path(source).await? {
            Some(_) => Err(lantern_store::StoreError::ModelAlreadyImported(
                source.display().to_string(),
            )
            .into()),
            None => Ok(()),
        }
    }

    async fn copy_in(
        &self,
        source: &Path,
        on_progress: ImportProgress<'_>,
    ) -> Result<PathBuf, ModelsError> {
        std::fs::create_dir_all(&self.copies_dir).map_err(|e| ModelsError::Copy(e.to_string()))?;
        let target = free_name(&self.copies_dir, source);
        let (from, to) = (source.to_path_buf(), target.clone());
        let (sender, mut receiver) = tokio::sync::mpsc::unbounded_channel();
        let copying = tokio::task::spawn_blocking(move || {
            write_new_file_with(&to, |output| copy_file(&from, output, &sender))
        });
        while let Some((done, total)) = receiver.recv().await {
            on_progress(done, total);
        }
        copying
            .await
            .map_err(|e| ModelsError::Copy(e.to_string()))?
            .map_err(|e| ModelsError::Copy(e.to_string()))?;
        Ok(target)
    }

    /// Removes the imported model `key` from the list, and Lantern's copy of its file.
    pub async fn remove(&self, key: &ModelKey) -> Result<(), ModelsError> {
        let ModelKey::Imported(id) = key else {
            return Err(ModelsError::NotRemovable(key.to_string()));
        };
        let removed = self.store.remove_imported_model(*id).await?;
        if removed.copied {
            let _ = std::fs::remove_file(&removed.path);
        }
        Ok(())
    }

    /// Deletes copies a kill left behind: unfinished ones and any file no row lists.
    pub async fn tidy(&self) -> Result<(), ModelsError> {
        let Ok(dir) = std::fs::read_dir(&self.copies_dir) else {
            return Ok(());
        };
        let listed: Vec<String> = self
            .store
            .imported_models()
            .await?
            .into_iter()
            .map(|m| m.path)
            .collect();
        for entry in dir.filter_map(Result::ok) {
            let path = entry.path();
            if !listed.contains(&path.to_string_lossy().into_owned()) {
                let _ = std::fs::remove_file(&path);
            }
        }
        Ok(())
    }
}

/// A file name in `dir` for a copy of `source` that no file has yet.
fn free_name(dir: &Path, source: &Path) -> PathBuf {
    let stem = source
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "model".into());
    (1..)
        .map(|n| match n {
            1 => dir.join(format!("{stem}.gguf")),
            n => dir.join(format!("{stem}-{n}.gguf")),
        })
        .find(|p| !p.exists())
        .unwrap_or_else(|| dir.join(format!("{stem}-{:x}.gguf", fastrand::u64(..))))
}

/// Copies `from` into `output` in chunks, reporting progress.
fn copy_file(
    from: &Path,
    output: &mut File,
    progress: &tokio::sync::mpsc::UnboundedSender<(u64, u64)>,
) -> std::io::Result<()> {
    let mut input = File::open(from)?;
    let total = input.metadata()?.len();
    let mut buffer = vec![0u8; CHUNK];
    let mut done = 0u64;
    loop {
        let n = input.read(&mut buffer)?;
        if n == 0 {
            break;
        }
        output.write_all(&buffer[..n])?;
        done += n as u64;
        let _ = progress.send((done, total));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_never_takes_the_name_of_an_existing_file() {
        let dir = tempfile::tempdir().unwrap();
        let source = Path::new("/somewhere/Tiny.Q4.gguf");
        assert_eq!(
            free_name(dir.path(), source),
            dir.path().join("Tiny.Q4.gguf")
        );
        std::fs::write(dir.path().join("Tiny.Q4.gguf"), b"x").unwrap();
        assert_eq!(
            free_name(dir.path(), source),
            dir.path().join("Tiny.Q4-2.gguf")
        );
    }
}
