//! Lantern's offline retrieval: sentence embeddings with fastembed (ONNX Runtime loaded
//! from the model pack) and filtered vector search in LanceDB.
//!
//! Nothing here downloads: the embedder's files and the ONNX Runtime library are
//! located by the caller (usually in the model pack) and checked before use.

mod embedder;
mod error;
mod vector_store;

pub use embedder::{Embedder, EmbedderFiles, EMBEDDING_DIMENSIONS};
pub use error::RagError;
pub use vector_store::{Passage, ScoredPassage, VectorStore};
