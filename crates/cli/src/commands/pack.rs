//! Model pack commands: `inspect`, `embed`.

use crate::cli_error::CliError;
use crate::locations::Locations;
use lantern_llm::inspect_model;
use lantern_rag::{Embedder, EmbedderFiles};
use std::path::Path;

/// `lantern inspect MODEL`
pub fn inspect(model: &Path) -> Result<(), CliError> {
    let info = inspect_model(model)?;
    outln!("name:           {}", info.name);
    outln!("architecture:   {}", info.architecture);
    outln!("file size:      {} bytes", info.file_size);
    outln!("context length: {}", info.context_length);
    outln!(
        "chat template:  {}",
        if info.has_chat_template {
            "embedded"
        } else {
            "none (chatml fallback)"
        }
    );
    Ok(())
}

/// `lantern embed TEXT`
pub fn embed(locations: &Locations, text: &str) -> Result<(), CliError> {
    let mut embedder = Embedder::load(&EmbedderFiles::in_pack(&locations.pack()?), 2)?;
    let vector = embedder.embed(&[text])?.remove(0);
    let norm = vector.iter().map(|x| x * x).sum::<f32>().sqrt();
    outln!("dimensions: {}  norm: {norm:.4}", vector.len());
    Ok(())
}
