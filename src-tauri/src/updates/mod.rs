//! Signed updates in the app: the key and default location the build carries, the
//! location a school sets in Settings, checking it, and installing a verified package.

pub mod commands;
pub mod config;
pub mod views;

use lantern_updates::UpdateOffer;
use tokio::sync::Mutex;

/// The verified offer of the last check, the only thing `updates_install` installs.
#[derive(Debug, Default)]
pub struct UpdateState {
    offer: Mutex<Option<UpdateOffer>>,
}
