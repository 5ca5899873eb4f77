//! Profile commands: `profiles list`, `profiles create`, `profiles set-pin`,
//! `profiles remove-pin`, and the PIN every profile-scoped command needs for a locked
//! profile. A PIN never appears on the command line (where other processes could read
//! it): the current one comes from `LANTERN_PIN`, a new one (and the expense owner's)
//! from standard input — asked for twice without echo on a terminal, else its first
//! line.

use super::{open_store, runtime};
use crate::cli_error::CliError;
use crate::locations::Locations;
use lantern_core::ErrorCode;
use lantern_store::{ProfileKind, Store};
use std::io::IsTerminal;

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

/// `lantern profiles create NAME [--class]`: a class profile's PIN from standard input
/// (`class_profile_pin_required` when there is none, and nothing is created).
pub fn create_profile(locations: &Locations, name: &str, class: bool) -> Result<(), CliError> {
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    let (kind, pin) = if class {
        (ProfileKind::Class, read_pin("PIN of the class", true)?)
    } else {
        (ProfileKind::Student, None)
    };
    let profile =
        rt.block_on(store.create_profile_of_kind(name, kind, pin.as_deref(), chrono::Utc::now()))?;
    outln!(
        "created {} profile {} ({})",
        kind.as_str(),
        profile.name,
        profile.id
    );
    Ok(())
}

/// A PIN (`what` names it) from standard input, `None` when empty. On a terminal it is
/// asked for without echo, twice when it is `new` (a mistyped new PIN would lock its
/// owner out); otherwise it is the first line, without its line ending.
pub fn read_pin(what: &str, new: bool) -> Result<Option<String>, CliError> {
    let unreadable = |e: std::io::Error| {
        CliError::new(
            ErrorCode::ProfilePinInvalid,
            format!("cannot read the {what} from standard input: {e}"),
        )
    };
    let pin = if std::io::stdin().is_terminal() {
        let pin =
            rpassword::prompt_password(format!("{what} (4 to 12 digits): ")).map_err(unreadable)?;
        if new && rpassword::prompt_password(format!("{what} again: ")).map_err(unreadable)? != pin
        {
            return Err(CliError::new(
                ErrorCode::ProfilePinInvalid,
                "the two PINs differ: nothing was changed",
            ));
        }
        pin
    } else {
        let mut line = String::new();
        std::io::stdin().read_line(&mut line).map_err(unreadable)?;
        line.trim_end_matches(['\r', '\n']).to_string()
    };
    Ok(Some(pin).filter(|p| !p.is_empty()))
}

/// `lantern profiles set-pin NAME`: the new PIN from standard input; a profile that
/// has one already needs it in [`PIN_VARIABLE`].
pub fn set_pin(locations: &Locations, name: &str) -> Result<(), CliError> {
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    let profile = rt.block_on(store.profile_named(name))?;
    let new = read_pin("new PIN", true)?.unwrap_or_default();
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
