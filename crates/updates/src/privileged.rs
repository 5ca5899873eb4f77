//! The privileged half of installing an update. It runs as root — the installed app
//! binary started by `pkexec` with [`INSTALL_FLAG`], authorised by an administrator
//! through the `org.lantern.studydesk.update` polkit action — and trusts nothing the
//! student's session can touch: it copies the package out of the student's cache into a
//! folder only root can open, verifies *that copy* against the key built into the
//! installed app, refuses anything but a newer `lantern` package (the version read from
//! the verified bytes, so it is signed), and has apt install exactly those bytes.
//! Swapping the file in the student's cache at any moment changes nothing: either the
//! copy is what was signed, or it is refused before apt sees it.

use std::fs::{File, OpenOptions};
use std::io::{BufReader, Read, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use lantern_core::updates::{UpdateError, UpdateKey, MAX_PACKAGE_BYTES};

/// The flag that starts the app binary as the installer.
pub const INSTALL_FLAG: &str = "--install-update";
/// Where the installer keeps its copies: a folder only root can open.
pub const STAGING_DIR: &str = "/var/cache/lantern/updates";
/// The Debian package Lantern is installed as.
pub const PACKAGE: &str = "lantern";

/// What the installer needs from the system's package tools (dpkg and apt here; a
/// recording stand-in in unit tests).
pub trait PackageSystem {
    /// The `Package` and `Version` fields of the package file at `deb`.
    fn fields(&self, deb: &Path) -> Result<(String, String), UpdateError>;
    /// The installed version of [`PACKAGE`], when it is installed.
    fn installed_version(&self) -> Option<String>;
    /// Whether Debian orders `offered` after `installed`.
    fn is_newer(&self, offered: &str, installed: &str) -> bool;
    /// Installs the package file at `deb`, resolving its dependencies.
    fn install(&self, deb: &Path) -> Result<(), UpdateError>;
}

/// Installs the package the app verified at `package` (in the student's cache): copied
/// into a fresh root-only folder under `staging`, verified against `key`, checked to be a
/// newer `lantern`, installed by `system`; the copy is removed afterwards whatever
/// happened. Returns the version installed.
pub fn install_verified(
    package: &Path,
    signature: &str,
    key: &UpdateKey,
    staging: &Path,
    system: &dyn PackageSystem,
) -> Result<String, UpdateError> {
    let folder = private_folder(staging)?;
    let staged = folder.path().join("lantern.deb");
    copy_regular_file(package, &staged, MAX_PACKAGE_BYTES)?;
    let copy = File::open(&staged).map_err(|e| staging_error(&staged, e))?;
    key.check(signature, BufReader::new(copy))?;
    let (name, version) = system.fields(&staged)?;
    if name != PACKAGE {
        return Err(UpdateError::PackageInvalid(format!(
            "it is the package \"{name}\", not \"{PACKAGE}\""
        )));
    }
    if let Some(installed) = system.installed_version() {
        if !system.is_newer(&version, &installed) {
            return Err(UpdateError::DowngradeRefused {
                offered: version,
                installed,
            });
        }
    }
    system.install(&staged)?;
    Ok(version)
}

fn staging_error(path: &Path, e: impl std::fmt::Display) -> UpdateError {
    UpdateError::InstallFailed(format!(
        "cannot stage the update in {}: {e}",
        path.display()
    ))
}

/// A new folder inside `staging` (created when missing) that only this user can open;
/// `staging` itself must be a real folder owned by this user, not a link.
fn private_folder(staging: &Path) -> Result<tempfile::TempDir, UpdateError> {
    std::fs::create_dir_all(staging).map_err(|e| staging_error(staging, e))?;
    let meta = std::fs::symlink_metadata(staging).map_err(|e| staging_error(staging, e))?;
    // `/proc/self` belongs to the process's effective user.
    let me = std::fs::metadata("/proc/self").map_err(|e| staging_error(staging, e))?;
    if !meta.is_dir() || meta.uid() != me.uid() {
        return Err(staging_error(staging, "it is not a folder of this user's"));
    }
    std::fs::set_permissions(staging, std::fs::Permissions::from_mode(0o700))
        .map_err(|e| staging_error(staging, e))?;
    let folder = tempfile::Builder::new()
        .prefix("update-")
        .tempdir_in(staging)
        .map_err(|e| staging_error(staging, e))?;
    std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o700))
        .map_err(|e| staging_error(folder.path(), e))?;
    Ok(folder)
}

/// Copies the regular file at `source` (never through a link, never a device or a pipe)
/// to the new file `dest`, refusing more than `limit` bytes.
fn copy_regular_file(source: &Path, dest: &Path, limit: u64) -> Result<(), UpdateError> {
    let unreadable = |e: &dyn std::fmt::Display| UpdateError::Unreachable {
        location: source.display().to_string(),
        reason: e.to_string(),
    };
    let mut input = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(source)
        .map_err(|e| unreadable(&e))?;
    let meta = input.metadata().map_err(|e| unreadable(&e))?;
    if !meta.is_file() {
        return Err(unreadable(&"it is not a regular file"));
    }
    if meta.len() > limit {
        return Err(UpdateError::TooLarge(format!("{limit} bytes")));
    }
    let mut output = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(dest)
        .map_err(|e| staging_error(dest, e))?;
    let copied = std::io::copy(&mut Read::by_ref(&mut input).take(limit + 1), &mut output)
        .map_err(|e| unreadable(&e))?;
    if copied > limit {
        return Err(UpdateError::TooLarge(format!("{limit} bytes")));
    }
    output
        .flush()
        .and_then(|()| output.sync_all())
        .map_err(|e| staging_error(dest, e))
}

/// The system's own tools: `dpkg-deb`, `dpkg-query`, `dpkg --compare-versions`, `apt-get`.
pub struct Dpkg;

impl PackageSystem for Dpkg {
    fn fields(&self, deb: &Path) -> Result<(String, String), UpdateError> {
        let output = Command::new("/usr/bin/dpkg-deb")
            .arg("--field")
            .arg(deb)
            .args(["Package", "Version"])
            .stdin(Stdio::null())
            .output()
            .map_err(|e| UpdateError::PackageInvalid(format!("cannot run dpkg-deb: {e}")))?;
        if !output.status.success() {
            return Err(UpdateError::PackageInvalid(last_lines(&output.stderr)));
        }
        parse_fields(&String::from_utf8_lossy(&output.stdout))
    }

    fn installed_version(&self) -> Option<String> {
        let output = Command::new("/usr/bin/dpkg-query")
            .args(["--showformat=${Version}", "--show", PACKAGE])
            .stdin(Stdio::null())
            .output()
            .ok()?;
        let version = String::from_utf8_lossy(&output.stdout).trim().to_string();
        (output.status.success() && !version.is_empty()).then_some(version)
    }

    fn is_newer(&self, offered: &str, installed: &str) -> bool {
        Command::new("/usr/bin/dpkg")
            .args(["--compare-versions", offered, "gt", installed])
            .stdin(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    }

    fn install(&self, deb: &Path) -> Result<(), UpdateError> {
        let output = Command::new("/usr/bin/apt-get")
            .args(["install", "-y", "-q", "--no-install-recommends"])
            .arg(deb)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .stdin(Stdio::null())
            .output()
            .map_err(|e| UpdateError::InstallFailed(format!("cannot run apt-get: {e}")))?;
        if output.status.success() {
            Ok(())
        } else {
            Err(UpdateError::InstallFailed(last_lines(&output.stderr)))
        }
    }
}

/// `Package` and `Version` from `dpkg-deb --field` output.
fn parse_fields(text: &str) -> Result<(String, String), UpdateError> {
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{name}:")))
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
            .ok_or_else(|| UpdateError::PackageInvalid(format!("it has no {name} field")))
    };
    Ok((field("Package")?, field("Version")?))
}

/// The last three lines a tool wrote, joined: its reason, without the noise before.
pub(crate) fn last_lines(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let last: Vec<&str> = text.lines().rev().take(3).collect();
    last.into_iter().rev().collect::<Vec<_>>().join(" ")
}

/// The installer's entry point: `INSTALL_FLAG PACKAGE SIGNATURE`, with the key text
/// built into the app. Writes one JSON line — the version installed, or the
/// [`UpdateError`] — and returns the exit code (0 when installed).
pub fn run_installer(args: &[String], key_text: &str) -> std::process::ExitCode {
    let result = match args {
        [package, signature] => UpdateKey::parse(key_text).and_then(|key| {
            install_verified(
                &PathBuf::from(package),
                signature,
                &key,
                Path::new(STAGING_DIR),
                &Dpkg,
            )
        }),
        _ => Err(UpdateError::InstallFailed(format!(
            "usage: {INSTALL_FLAG} PACKAGE SIGNATURE"
        ))),
    };
    let line = serde_json::to_string(&result).unwrap_or_default();
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    if result.is_ok() {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::engine::general_purpose::STANDARD;
    use base64::Engine;
    use lantern_core::{Coded, ErrorCode};
    use std::cell::RefCell;
    use std::io::Cursor;

    /// A package system that records the bytes it was asked to install, and can run
    /// something (an attacker's swap) at the moment apt would open the file.
    struct Recording<'a> {
        fields: (String, String),
        installed: Option<String>,
        installed_bytes: RefCell<Option<Vec<u8>>>,
        at_install: Box<dyn Fn() + 'a>,
    }

    impl<'a> Recording<'a> {
        fn new(version: &str, installed: Option<&str>) -> Self {
            Self {
                fields: (PACKAGE.into(), version.into()),
                installed: installed.map(str::to_string),
                installed_bytes: RefCell::new(None),
                at_install: Box::new(|| {}),
            }
        }
    }

    impl PackageSystem for Recording<'_> {
        fn fields(&self, _deb: &Path) -> Result<(String, String), UpdateError> {
            Ok(self.fields.clone())
        }
        fn installed_version(&self) -> Option<String> {
            self.installed.clone()
        }
        fn is_newer(&self, offered: &str, installed: &str) -> bool {
            semver::Version::parse(offered).unwrap() > semver::Version::parse(installed).unwrap()
        }
        fn install(&self, deb: &Path) -> Result<(), UpdateError> {
            (self.at_install)();
            *self.installed_bytes.borrow_mut() = Some(std::fs::read(deb).unwrap());
            Ok(())
        }
    }

    struct Release {
        key: UpdateKey,
        pair: minisign::KeyPair,
        dir: tempfile::TempDir,
    }

    impl Release {
        fn new() -> Self {
            let pair = minisign::KeyPair::generate_unencrypted_keypair().unwrap();
            let public = STANDARD.encode(pair.pk.to_box().unwrap().to_string());
            Self {
                key: UpdateKey::parse(&public).unwrap(),
                pair,
                dir: tempfile::tempdir().unwrap(),
            }
        }

        fn sign(&self, data: &[u8]) -> String {
            let signature = minisign::sign(None, &self.pair.sk, Cursor::new(data), None, None);
            STANDARD.encode(signature.unwrap().to_string())
        }

        /// The package as the app left it in the student's cache, and its signature.
        fn cached(&self, bytes: &[u8]) -> (PathBuf, String) {
            let path = self.dir.path().join("cache-lantern_0.2.0_amd64.deb");
            std::fs::write(&path, bytes).unwrap();
            (path, self.sign(bytes))
        }

        fn staging(&self) -> PathBuf {
            self.dir.path().join("staging")
        }

        fn install(
            &self,
            package: &Path,
            signature: &str,
            system: &dyn PackageSystem,
        ) -> Result<String, UpdateError> {
            install_verified(package, signature, &self.key, &self.staging(), system)
        }

        fn staged_files(&self) -> usize {
            std::fs::read_dir(self.staging()).map_or(0, |d| d.count())
        }
    }

    #[test]
    fn the_verified_bytes_are_installed_even_when_the_cache_is_swapped_during_the_install() {
        let release = Release::new();
        let genuine = b"genuine lantern 0.2.0".to_vec();
        let (package, signature) = release.cached(&genuine);
        let mut system = Recording::new("0.2.0", Some("0.1.0"));
        let swap_target = package.clone();
        system.at_install =
            Box::new(move || std::fs::write(&swap_target, b"#!/bin/sh\nevil").unwrap());
        let version = release.install(&package, &signature, &system).unwrap();
        assert_eq!(version, "0.2.0");
        assert_eq!(
            system.installed_bytes.borrow().as_deref(),
            Some(genuine.as_slice())
        );
        assert_eq!(release.staged_files(), 0, "the root-only copy is removed");
    }

    #[test]
    fn a_file_swapped_after_the_app_checked_it_and_before_the_install_is_refused() {
        let release = Release::new();
        let (package, signature) = release.cached(b"genuine lantern 0.2.0");
        std::fs::write(&package, b"swapped by the student").unwrap();
        let system = Recording::new("0.2.0", Some("0.1.0"));
        let err = release.install(&package, &signature, &system).unwrap_err();
        assert_eq!(err.code(), ErrorCode::UpdateSignatureInvalid);
        assert!(
            system.installed_bytes.borrow().is_none(),
            "nothing was installed"
        );
        assert_eq!(release.staged_files(), 0);
    }

    #[test]
    fn a_link_in_place_of_the_package_is_refused() {
        let release = Release::new();
        let (package, signature) = release.cached(b"genuine lantern 0.2.0");
        let target = release.dir.path().join("elsewhere.deb");
        std::fs::rename(&package, &target).unwrap();
        std::os::unix::fs::symlink(&target, &package).unwrap();
        let system = Recording::new("0.2.0", Some("0.1.0"));
        let err = release.install(&package, &signature, &system).unwrap_err();
        assert_eq!(err.code(), ErrorCode::UpdateUnreachable);
        assert!(system.installed_bytes.borrow().is_none());
    }

    #[test]
    fn an_older_or_equal_signed_version_is_refused_before_apt() {
        let release = Release::new();
        let (package, signature) = release.cached(b"lantern 0.1.0, signed long ago");
        for installed in ["0.2.0", "0.1.0"] {
            let system = Recording::new("0.1.0", Some(installed));
            let err = release.install(&package, &signature, &system).unwrap_err();
            assert_eq!(err.code(), ErrorCode::UpdateDowngradeRefused, "{installed}");
            assert!(system.installed_bytes.borrow().is_none());
        }
    }

    #[test]
    fn another_signed_package_than_lantern_is_refused() {
        let release = Release::new();
        let (package, signature) = release.cached(b"some other package");
        let mut system = Recording::new("9.0.0", Some("0.1.0"));
        system.fields.0 = "openssh-server".into();
        let err = release.install(&package, &signature, &system).unwrap_err();
        assert_eq!(err.code(), ErrorCode::UpdatePackageInvalid);
        assert!(system.installed_bytes.borrow().is_none());
    }

    #[test]
    fn a_staging_folder_that_is_a_link_is_refused() {
        let release = Release::new();
        let (package, signature) = release.cached(b"genuine lantern 0.2.0");
        let elsewhere = release.dir.path().join("elsewhere");
        std::fs::create_dir(&elsewhere).unwrap();
        std::os::unix::fs::symlink(&elsewhere, release.staging()).unwrap();
        let system = Recording::new("0.2.0", Some("0.1.0"));
        let err = release.install(&package, &signature, &system).unwrap_err();
        assert_eq!(err.code(), ErrorCode::UpdateInstallFailed);
        assert!(system.installed_bytes.borrow().is_none());
    }

    #[test]
    fn the_copy_stops_at_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("big.deb");
        std::fs::write(&source, vec![7u8; 4096]).unwrap();
        let err = copy_regular_file(&source, &dir.path().join("copy"), 1000).unwrap_err();
        assert_eq!(err.code(), ErrorCode::UpdateTooLarge);
    }

    #[test]
    fn dpkg_deb_fields_are_read_and_a_missing_one_is_package_invalid() {
        assert_eq!(
            parse_fields("Package: lantern\nVersion: 0.2.0\n").unwrap(),
            ("lantern".to_string(), "0.2.0".to_string())
        );
        assert_eq!(
            parse_fields("Package: lantern\n").unwrap_err().code(),
            ErrorCode::UpdatePackageInvalid
        );
    }

    #[test]
    fn the_installer_reports_one_json_line_for_bad_arguments() {
        let code = run_installer(&["only-one".into()], "");
        assert_eq!(code, std::process::ExitCode::FAILURE);
    }
}
