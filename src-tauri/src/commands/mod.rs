//! Tauri commands, one module per area. Logic stays in the core crates.

pub mod system;
