//! Tauri commands, one module per area. Logic stays in the core crates.

pub mod checked_pack;
pub mod courses;
pub mod model;
pub mod packs;
pub mod profile_pins;
pub mod profiles;
pub mod settings;
pub mod system;
pub mod turns;
