//! Signed updates: what an update offers, whether it is newer, and whether its package
//! was signed with the key this build trusts.
//!
//! An update is described the way Tauri's updater describes one (`latest.json`: a
//! version, notes, a date and, per platform, a package address and a minisign signature
//! made by `tauri signer`). Lantern reads it from a folder or a local-network address a
//! school configures; the reading lives in `lantern-updates`, the rules live here.

mod error;
mod location;
mod manifest;
mod signature;

pub use error::UpdateError;
pub use location::{is_local_network, UpdateLocation, UpdateSource};
pub use manifest::{
    parse_manifest, platform_key, PlatformPackage, UpdateManifest, MANIFEST_FILE,
    MAX_PACKAGE_BYTES, SIGNATURE_SUFFIX,
};
pub use signature::{SignatureCheck, UpdateKey};
