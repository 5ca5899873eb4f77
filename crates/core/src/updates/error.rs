//! Why an update was refused, each reason with a stable code.

use crate::{Coded, ErrorCode};

/// Why checking for, verifying or installing an update failed. It crosses the process
/// boundary from the privileged installer to the app as JSON.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
#[serde(tag = "error", content = "detail", rename_all = "snake_case")]
pub enum UpdateError {
    /// The build has no update key (or an unreadable one).
    #[error("this build of Lantern has no update key, so it accepts no update{0}")]
    KeyMissing(String),
    /// The location is neither a folder nor an http(s) address.
    #[error("\"{0}\" is not a folder or an http(s) address")]
    LocationInvalid(String),
    /// The address resolves outside the local network.
    #[error("{host} is at {address}, outside this laptop and the local network; Lantern reads updates only from there")]
    LocationNotLocal {
        /// The host name as configured.
        host: String,
        /// The address it resolved to.
        address: String,
    },
    /// The location could not be read.
    #[error("cannot read {location}: {reason}")]
    Unreachable {
        /// The folder or address.
        location: String,
        /// What went wrong.
        reason: String,
    },
    /// The update description is malformed.
    #[error("the update description is not valid: {0}")]
    ManifestInvalid(String),
    /// No package for this platform.
    #[error("update {version} has no package for {platform}")]
    NoPackage {
        /// The offered version.
        version: String,
        /// The platform key looked for, e.g. `linux-x86_64-deb`.
        platform: String,
    },
    /// The signature does not verify with this build's key.
    #[error("the update is not signed with this build's update key ({0}); nothing was installed")]
    SignatureInvalid(String),
    /// This copy cannot install packages (not installed from one).
    #[error("this copy of Lantern cannot install updates itself: {0}")]
    InstallUnavailable(String),
    /// Installing failed or was refused.
    #[error("installing the update failed: {0}")]
    InstallFailed(String),
    /// The signed version is not newer than the installed one.
    #[error("the update is version {offered}, not newer than the installed {installed}; Lantern does not install older versions")]
    DowngradeRefused {
        /// The version the signed package or description carries.
        offered: String,
        /// The version installed now.
        installed: String,
    },
    /// The verified file is not a Lantern package.
    #[error("the update is not a Lantern package: {0}; nothing was installed")]
    PackageInvalid(String),
    /// The package is larger than its signed size or the limit.
    #[error("the update package is larger than {0}; nothing was kept")]
    TooLarge(String),
    /// Reading the update took longer than allowed.
    #[error("reading the update took longer than {0}; nothing was kept")]
    TimedOut(String),
}

impl Coded for UpdateError {
    fn code(&self) -> ErrorCode {
        match self {
            Self::KeyMissing(_) => ErrorCode::UpdateKeyMissing,
            Self::LocationInvalid(_) => ErrorCode::UpdateLocationInvalid,
            Self::LocationNotLocal { .. } => ErrorCode::UpdateLocationNotLocal,
            Self::Unreachable { .. } => ErrorCode::UpdateUnreachable,
            Self::ManifestInvalid(_) => ErrorCode::UpdateManifestInvalid,
            Self::NoPackage { .. } => ErrorCode::UpdateNoPackage,
            Self::SignatureInvalid(_) => ErrorCode::UpdateSignatureInvalid,
            Self::InstallUnavailable(_) => ErrorCode::UpdateInstallUnavailable,
            Self::InstallFailed(_) => ErrorCode::UpdateInstallFailed,
            Self::DowngradeRefused { .. } => ErrorCode::UpdateDowngradeRefused,
            Self::PackageInvalid(_) => ErrorCode::UpdatePackageInvalid,
            Self::TooLarge(_) => ErrorCode::UpdateTooLarge,
            Self::TimedOut(_) => ErrorCode::UpdateTimedOut,
        }
    }
}
