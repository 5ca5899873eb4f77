//! Signed updates from a folder or a local-network address.
//!
//! [`UpdateChecker::check`] reads the update description (`latest.json`, Tauri's
//! updater format) where the school put it, and when it offers a newer version copies
//! the package into a cache folder and verifies its `tauri signer` signature against
//! the key this build trusts. Only a verified copy becomes an [`UpdateOffer`], and only
//! an offer can be installed ([`install`], through `pkexec apt-get`). Nothing here
//! reaches the internet: an address must resolve to this laptop or a private network,
//! and no proxy is used.

mod check;
mod fetch;
mod install;

pub use check::{CheckOutcome, UpdateChecker, UpdateOffer};
pub use install::{install, install_command, installed_from_package};
pub use lantern_core::updates::{UpdateError, UpdateKey, UpdateLocation};
