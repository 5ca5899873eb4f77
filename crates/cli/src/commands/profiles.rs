//! Profile commands: `profiles list`, `profiles create`.

use super::{open_store, runtime};
use crate::cli_error::CliError;
use crate::locations::Locations;

/// `lantern profiles list`
pub fn list_profiles(locations: &Locations) -> Result<(), CliError> {
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    for profile in rt.block_on(store.list_profiles())? {
        outln!("{}\t{}\t{}", profile.id, profile.name, profile.created_at);
    }
    Ok(())
}

/// `lantern profiles create NAME`
pub fn create_profile(locations: &Locations, name: &str) -> Result<(), CliError> {
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    let profile = rt.block_on(store.create_profile(name))?;
    outln!("created profile {} ({})", profile.name, profile.id);
    Ok(())
}
