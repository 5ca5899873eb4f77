//! Signed updates from a folder or a local-network address.
//!
//! [`UpdateChecker::check`] reads the update description (`latest.json`, Tauri's
//! updater format) where the school put it, checks its signature (`latest.json.sig`),
//! and when it offers a newer version copies the package into a cache folder — at most
//! its signed size, within a time limit — and verifies its `tauri signer` signature
//! against the key this build trusts. Only a verified copy becomes an [`UpdateOffer`],
//! and only an offer can be installed ([`install`]): an administrator authorises the
//! installed app binary to run as the privileged installer ([`run_installer`]), which
//! copies the package where the student cannot reach it, verifies that copy, refuses an
//! older version and installs exactly the verified bytes through apt. Nothing here
//! reaches the internet: an address must resolve to this laptop or a private network,
//! and no proxy is used.

mod check;
mod fetch;
mod install;
mod privileged;

pub use check::{CheckOutcome, UpdateChecker, UpdateOffer, COPY_TIMEOUT};
pub use install::{install, install_command, installed_from_package};
pub use lantern_core::updates::{UpdateError, UpdateKey, UpdateLocation};
pub use privileged::{
    install_verified, run_installer, Dpkg, PackageSystem, INSTALL_FLAG, PACKAGE, STAGING_DIR,
};
