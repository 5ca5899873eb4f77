//! Profile commands: `profiles list`, `profiles create`, `profiles set-pin`,
//! `profiles remove-pin`, and the PIN every profile-scoped command needs for a locked
//! profile. A PIN never appears on the command line (where other processes could read
//! it): the current one comes from `LANTERN_PIN`, a new one from the first line of
//! standard input.

use super::{open_store, runtime};
use crate::cli_error::CliError;
use crate::locations::Locations;
use lantern_core::ErrorCode;
use lantern_store::{ProfileKind, Store};

/// The environment variable holding the PIN of a locked profile.
pub const PIN_VARIABLE: &str = "LANTERN_PIN";

/// The PIN in [`PIN_VARIABLE`], if set.
pub fn pin_from_env() -> Option<String> {
    std::env::var(PIN_VARIABLE).ok()
}

/// Checks the profile may be used: at once without a PIN, else with [`PIN_VARIABLE`]
/// (`profile_locked` when unset; wrong tries count as in the app).
pub async fn unlock(store: &Store, profile_id: i64) -> Result<(), CliError> {
    store
        .unlock_profile(profile_id, pin_from_env().as_deref(), chrono::Utc::now())
        .await?;
    Ok(())
}

/// `lantern profiles list`: id, name, creation time and `pin` for a locked profile.
pub fn list_profiles(locations: &Locations) -> Result<(), CliError> {
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    for profile in rt.block_on(store.list_profiles())? {
        let lock = if profile.has_pin { "\tpin" } else { "" };
        let class = if profile.kind == ProfileKind::Class {
            "\tclass"
        } else {
            ""
        };
        outln!(
            "{}\t{}\t{}{lock}{class}",
            profile.id,
            profile.name,
            profile.created_at
        );
    }
    Ok(())
}

/// `lantern profiles create NAME [--class]`
pub fn create_profile(locations: &Locations, name: &str, class: bool) -> Result<(), CliError> {
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    let kind = if class {
        ProfileKind::Class
    } else {
        ProfileKind::Student
    };
    let profile = rt.block_on(store.create_profile_of_kind(name, kind))?;
    outln!(
        "created {} profile {} ({})",
        kind.as_str(),
        profile.name,
        profile.id
    );
    Ok(())
}

/// The first line of standard input, without its line ending.
fn read_new_pin() -> Result<String, CliError> {
    let mut line = String::new();
    std::io::stdin().read_line(&mut line).map_err(|e| {
        CliError::new(
            ErrorCode::ProfilePinInvalid,
            format!("cannot read the new PIN from standard input: {e}"),
        )
    })?;
    Ok(line.trim_end_matches(['\r', '\n']).to_string())
}

/// `lantern profiles set-pin NAME`: the new PIN from standard input; a profile that
/// has one already needs it in [`PIN_VARIABLE`].
pub fn set_pin(locations: &Locations, name: &str) -> Result<(), CliError> {
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    let profile = rt.block_on(store.profile_named(name))?;
    let new = read_new_pin()?;
    rt.block_on(store.set_profile_pin(
        profile.id,
        pin_from_env().as_deref(),
        &new,
        chrono::Utc::now(),
    ))?;
    outln!("profile {} is locked with its PIN", profile.name);
    Ok(())
}

/// `lantern profiles remove-pin NAME`: the current PIN in [`PIN_VARIABLE`].
pub fn remove_pin(locations: &Locations, name: &str) -> Result<(), CliError> {
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    let profile = rt.block_on(store.profile_named(name))?;
    let current = pin_from_env().ok_or_else(|| {
        CliError::new(
            ErrorCode::ProfileLocked,
            format!("set {PIN_VARIABLE} to the profile's current PIN"),
        )
    })?;
    rt.block_on(store.remove_profile_pin(profile.id, &current, chrono::Utc::now()))?;
    outln!("profile {} opens without a PIN", profile.name);
    Ok(())
}
