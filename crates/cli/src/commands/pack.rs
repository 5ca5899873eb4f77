//! Model pack commands: `models`, `inspect`, `embed`.

use crate::cli_error::CliError;
use crate::locations::Locations;
use lantern_core::pack::Manifest;
use lantern_llm::inspect_model;
use lantern_rag::{Embedder, EmbedderFiles};
use std::path::Path;

/// `lantern models`
pub fn models(locations: &Locations) -> Result<(), CliError> {
    let pack = locations.pack().ok();
    match &pack {
        Some(dir) => println!("model pack: {}", dir.display()),
        None => println!(
            "model pack: not found (looked in {}); run `python3 models/fetch.py`",
            locations
                .pack_candidates()
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
    for model in Manifest::bundled().models {
        let present = pack
            .as_ref()
            .is_some_and(|dir| model.files.iter().all(|f| dir.join(&f.path).is_file()));
        let size: u64 = model.files.iter().map(|f| f.size).sum();
        println!(
            "{:<30} {:<9} {:>7.1} MB  {:<8} {}",
            model.name,
            format!("{:?}", model.role).to_lowercase(),
            size as f64 / 1e6,
            if present { "present" } else { "missing" },
            if model.default { "default" } else { "optional" },
        );
    }
    Ok(())
}

/// `lantern inspect MODEL`
pub fn inspect(model: &Path) -> Result<(), CliError> {
    let info = inspect_model(model)?;
    println!("name:           {}", info.name);
    println!("architecture:   {}", info.architecture);
    println!("file size:      {} bytes", info.file_size);
    println!("context length: {}", info.context_length);
    println!(
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
    println!("dimensions: {}  norm: {norm:.4}", vector.len());
    Ok(())
}
