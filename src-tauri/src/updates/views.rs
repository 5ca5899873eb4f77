//! What the Settings page shows about updates.

use crate::error::IpcError;
use lantern_updates::{CheckOutcome, UpdateOffer};
use serde::Serialize;

/// The update settings and whether this copy can install updates.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct UpdatesStatus {
    /// The version running now.
    pub current_version: String,
    /// The id of the key updates must be signed with; `None` when the build has none.
    pub key_id: Option<String>,
    /// Why the build accepts no update (`update_key_missing`), if so.
    pub key_error: Option<IpcError>,
    /// The location checked: the one set in Settings, else the build's.
    pub location: String,
    /// The location the build came with (empty when none).
    pub build_location: String,
    /// Why this copy cannot install a package itself (not installed from one), if so.
    pub install_error: Option<IpcError>,
}

/// A verified update, as shown before installing it.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct UpdateOfferView {
    /// The version offered.
    pub version: String,
    /// The version running now.
    pub current_version: String,
    /// Release notes.
    pub notes: String,
    /// When it was published (RFC 3339).
    pub published: Option<String>,
    /// Where it was found.
    pub location: String,
    /// The package's file name.
    pub file_name: String,
    /// Its size in megabytes.
    pub size_mb: f64,
    /// Its sha256.
    pub sha256: String,
    /// The key that signed it (this build's).
    pub key_id: String,
}

/// What a check found.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(tag = "status", rename_all = "camelCase")]
pub enum UpdateCheckView {
    /// Nothing newer.
    UpToDate {
        /// The version the location offers.
        offered: String,
        /// The version running now.
        current: String,
    },
    /// A newer package, signed with this build's key and verified.
    Available {
        /// What would be installed.
        offer: UpdateOfferView,
    },
}

impl From<&UpdateOffer> for UpdateOfferView {
    fn from(offer: &UpdateOffer) -> Self {
        Self {
            version: offer.version.clone(),
            current_version: offer.current_version.clone(),
            notes: offer.notes.clone(),
            published: offer.published.clone(),
            location: offer.location.clone(),
            file_name: offer
                .package
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            size_mb: offer.size as f64 / 1e6,
            sha256: offer.sha256.clone(),
            key_id: offer.key_id.clone(),
        }
    }
}

impl From<&CheckOutcome> for UpdateCheckView {
    fn from(outcome: &CheckOutcome) -> Self {
        match outcome {
            CheckOutcome::UpToDate { offered, current } => Self::UpToDate {
                offered: offered.clone(),
                current: current.clone(),
            },
            CheckOutcome::Available(offer) => Self::Available {
                offer: offer.into(),
            },
        }
    }
}
