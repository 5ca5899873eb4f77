//! Lantern's offline retrieval: sentence embeddings with fastembed (ONNX Runtime loaded
//! from the model pack), filtered vector search in LanceDB behind the core `Retriever`
//! port, and reading course and module packs (folders or zips, Markdown, transcripts,
//! PDFs, media).
//!
//! Nothing here downloads: the embedder's files and the ONNX Runtime library are
//! located by the caller (usually in the model pack) and checked before use.

#[cfg(test)]
mod adversarial_tests;
mod course_reader;
mod embedder;
mod error;
mod folder_pack;
mod import;
mod import_lock;
mod legacy_media;
mod module_reader;
mod pack_check;
mod pack_source;
mod pdf;
mod project_specs;
mod retriever;
mod vector_store;
mod zip_pack;

pub use course_reader::read_course_pack;
pub use embedder::{
    disable_runtime_telemetry, pack_encoder, Embedder, EmbedderFiles, EMBEDDING_DIMENSIONS,
};
pub use error::RagError;
pub use import::{import_course_pack, media_root};
pub use import_lock::ImportLock;
pub use legacy_media::move_legacy_course_media;
pub use module_reader::{import_module_pack, module_media_dir, read_module_pack};
pub use pack_check::{check_course_path, check_module_path};
pub use pack_source::PackSource;
pub use pdf::pdf_pages;
pub use project_specs::{import_project_specs, read_spec_file};
pub use retriever::LanceRetriever;
pub use vector_store::{VectorStore, INDEX_DIR_NAME, VECTOR_INDEX_MIN_ROWS};
