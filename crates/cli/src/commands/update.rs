//! `lantern update check`: reads an update folder or local-network address the way an
//! installed Lantern does, and verifies its package against an update key — so an IT
//! admin can check a USB stick or a share before the laptops see it.

use super::runtime;
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::{Args, Subcommand};
use lantern_core::ErrorCode;
use lantern_updates::{CheckOutcome, UpdateChecker, UpdateKey, UpdateLocation};
use serde_json::json;
use std::path::PathBuf;

/// Options of `lantern update`.
#[derive(Debug, Clone, Args)]
pub struct UpdateOptions {
    #[command(subcommand)]
    action: UpdateAction,
}

#[derive(Debug, Clone, Subcommand)]
enum UpdateAction {
    /// Check a location for a newer, correctly signed package (the package is copied
    /// into the data folder's `update-cache` and verified; nothing is installed).
    Check {
        /// A folder (USB stick, share, release folder; relative paths allowed) or a
        /// local-network http(s) address.
        #[arg(long = "from")]
        location: String,
        /// The update public key: a `.pub` file from `tauri signer generate`, or its
        /// base64 text as in the app's config.
        #[arg(long)]
        key: String,
        /// The version to compare with (defaults to this program's).
        #[arg(long, default_value = env!("CARGO_PKG_VERSION"))]
        current: String,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Runs `lantern update …`.
pub fn update(locations: &Locations, options: &UpdateOptions) -> Result<(), CliError> {
    let UpdateAction::Check {
        location,
        key,
        current,
        json,
    } = &options.action;
    let key_text = match std::fs::read_to_string(PathBuf::from(key)) {
        Ok(text) => text,
        Err(_) if !key.contains('/') => key.clone(),
        Err(e) => {
            return Err(CliError::new(
                ErrorCode::UpdateKeyMissing,
                format!("cannot read {key}: {e}"),
            ))
        }
    };
    let checker = UpdateChecker::new(
        UpdateKey::parse(&key_text)?,
        current.clone(),
        locations.data_dir.join("update-cache"),
    );
    // A folder may be given relative to the current one here (the app asks for absolute).
    let location = match std::fs::canonicalize(location) {
        Ok(folder) if !location.contains("://") => UpdateLocation::Folder(folder),
        _ => UpdateLocation::parse(location)?,
    };
    let outcome = runtime()?.block_on(checker.check(&location))?;
    match (outcome, json) {
        (CheckOutcome::UpToDate { offered, current }, true) => {
            outln!(
                "{:#}",
                json!({ "status": "up_to_date", "offered": offered, "current": current })
            );
        }
        (CheckOutcome::UpToDate { offered, current }, false) => {
            outln!("up to date: {location} offers {offered}, this is {current}");
        }
        (CheckOutcome::Available(offer), true) => outln!(
            "{:#}",
            json!({
                "status": "available", "version": offer.version, "current": offer.current_version,
                "notes": offer.notes, "published": offer.published, "package": offer.package,
                "size_bytes": offer.size, "sha256": offer.sha256, "key_id": offer.key_id,
            })
        ),
        (CheckOutcome::Available(offer), false) => {
            outln!(
                "Lantern {} is available (this is {})",
                offer.version,
                offer.current_version
            );
            outln!(
                "  signed by update key {} — signature verified",
                offer.key_id
            );
            outln!(
                "  package: {} ({:.1} MB, sha256 {})",
                offer.package.display(),
                offer.size as f64 / 1e6,
                offer.sha256
            );
            if let Some(date) = &offer.published {
                outln!("  published: {date}");
            }
            if !offer.notes.is_empty() {
                outln!("  notes: {}", offer.notes);
            }
        }
    }
    Ok(())
}
