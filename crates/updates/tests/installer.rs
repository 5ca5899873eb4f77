//! The privileged installer's checks with the system's real package tools: a package built
//! by `dpkg-deb`, signed like a release, read back by `dpkg-deb --field` and ordered by
//! `dpkg --compare-versions`. Only apt's install step is replaced (it would change this
//! machine): it records the bytes it was given.

use std::cell::RefCell;
use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::process::Command;

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use lantern_core::{Coded, ErrorCode};
use lantern_updates::{install_verified, Dpkg, PackageSystem, UpdateError, UpdateKey};
use minisign::KeyPair;

/// Dpkg's own answers, except for the installed version (given) and the install (recorded).
struct RealDpkg {
    installed: Option<String>,
    installed_bytes: RefCell<Option<Vec<u8>>>,
}

impl PackageSystem for RealDpkg {
    fn fields(&self, deb: &Path) -> Result<(String, String), UpdateError> {
        Dpkg.fields(deb)
    }
    fn installed_version(&self) -> Option<String> {
        self.installed.clone()
    }
    fn is_newer(&self, offered: &str, installed: &str) -> bool {
        Dpkg.is_newer(offered, installed)
    }
    fn install(&self, deb: &Path) -> Result<(), UpdateError> {
        *self.installed_bytes.borrow_mut() = Some(std::fs::read(deb).unwrap());
        Ok(())
    }
}

/// A real Debian package `name` at `version`, built with dpkg-deb in `dir`.
fn package(dir: &Path, name: &str, version: &str) -> PathBuf {
    let root = dir.join(format!("{name}-{version}"));
    std::fs::create_dir_all(root.join("DEBIAN")).unwrap();
    std::fs::create_dir_all(root.join("usr/share/doc").join(name)).unwrap();
    std::fs::write(
        root.join("DEBIAN/control"),
        format!("Package: {name}\nVersion: {version}\nArchitecture: all\nMaintainer: Lantern tests <t@school.invalid>\nDescription: test package\n"),
    )
    .unwrap();
    std::fs::write(
        root.join("usr/share/doc").join(name).join("README"),
        version,
    )
    .unwrap();
    let deb = dir.join(format!("{name}_{version}_all.deb"));
    let status = Command::new("dpkg-deb")
        .args(["--build", "--root-owner-group"])
        .arg(&root)
        .arg(&deb)
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    deb
}

fn signed(pair: &KeyPair, deb: &Path) -> String {
    let bytes = std::fs::read(deb).unwrap();
    let signature = minisign::sign(None, &pair.sk, Cursor::new(bytes), None, None).unwrap();
    STANDARD.encode(signature.to_string())
}

fn key(pair: &KeyPair) -> UpdateKey {
    UpdateKey::parse(&STANDARD.encode(pair.pk.to_box().unwrap().to_string())).unwrap()
}

fn system(installed: &str) -> RealDpkg {
    RealDpkg {
        installed: Some(installed.into()),
        installed_bytes: RefCell::new(None),
    }
}

#[test]
fn a_newer_signed_lantern_package_reaches_the_install_step_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let pair = KeyPair::generate_unencrypted_keypair().unwrap();
    let deb = package(dir.path(), "lantern", "0.2.0");
    let dpkg = system("0.1.0+deb1");
    let version = install_verified(
        &deb,
        &signed(&pair, &deb),
        &key(&pair),
        &dir.path().join("staging"),
        &dpkg,
    )
    .unwrap();
    assert_eq!(version, "0.2.0");
    assert_eq!(
        dpkg.installed_bytes.borrow().as_deref(),
        Some(std::fs::read(&deb).unwrap().as_slice())
    );
}

#[test]
fn an_old_signed_package_replayed_is_refused_by_debian_version_order() {
    let dir = tempfile::tempdir().unwrap();
    let pair = KeyPair::generate_unencrypted_keypair().unwrap();
    let old = package(dir.path(), "lantern", "0.1.0");
    for installed in ["0.2.0", "0.1.0", "0.1.0+1"] {
        let dpkg = system(installed);
        let err = install_verified(
            &old,
            &signed(&pair, &old),
            &key(&pair),
            &dir.path().join("staging"),
            &dpkg,
        )
        .unwrap_err();
        assert_eq!(err.code(), ErrorCode::UpdateDowngradeRefused, "{installed}");
        assert!(dpkg.installed_bytes.borrow().is_none());
    }
}

#[test]
fn a_signed_package_of_another_name_or_a_non_package_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let pair = KeyPair::generate_unencrypted_keypair().unwrap();
    let dpkg = system("0.1.0");
    // lantern-model-writer sits in the same signed repository, installed by apt when a
    // school asks: the in-app update installs `lantern` alone, never the writer again.
    for (name, version) in [
        ("openssh-server", "99.0"),
        ("lantern-model-writer", "0.2.0-1"),
    ] {
        let other = package(dir.path(), name, version);
        let err = install_verified(
            &other,
            &signed(&pair, &other),
            &key(&pair),
            &dir.path().join("staging"),
            &dpkg,
        )
        .unwrap_err();
        assert_eq!(err.code(), ErrorCode::UpdatePackageInvalid, "{name}");
        assert!(err.to_string().contains(name), "{err}");
    }
    let script = dir.path().join("payload.deb");
    std::fs::write(&script, b"#!/bin/sh\nid\n").unwrap();
    let err = install_verified(
        &script,
        &signed(&pair, &script),
        &key(&pair),
        &dir.path().join("staging"),
        &dpkg,
    )
    .unwrap_err();
    assert_eq!(err.code(), ErrorCode::UpdatePackageInvalid);
    assert!(dpkg.installed_bytes.borrow().is_none());
}
