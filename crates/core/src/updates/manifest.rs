//! The update description, `latest.json`, in the format Tauri's updater uses.

use std::collections::BTreeMap;

use semver::Version;
use serde::Deserialize;

use super::UpdateError;

/// The description's file name in an update folder.
pub const MANIFEST_FILE: &str = "latest.json";
/// What a description's signature file adds to its name (`tauri signer sign latest.json`
/// writes `latest.json.sig`), made with the same key as the packages, so the version and
/// size Lantern trusts are signed.
pub const SIGNATURE_SUFFIX: &str = ".sig";
/// The largest package Lantern copies when the description names no size (4 GiB).
pub const MAX_PACKAGE_BYTES: u64 = 4 << 30;

/// The longest description accepted, in bytes.
const MAX_MANIFEST_BYTES: usize = 1 << 20;
/// The longest release notes kept, in characters.
const MAX_NOTES_CHARS: usize = 20_000;

/// What an update offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpdateManifest {
    /// The version offered.
    pub version: Version,
    /// Release notes (plain text), possibly empty.
    pub notes: String,
    /// When it was published (RFC 3339), when given.
    pub published: Option<String>,
    /// Packages by platform key, e.g. `linux-x86_64-deb`.
    pub platforms: BTreeMap<String, PlatformPackage>,
}

/// One platform's package.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PlatformPackage {
    /// The package's address, relative to the description or absolute.
    pub url: String,
    /// The `tauri signer` signature: base64 of a minisign signature file.
    pub signature: String,
    /// The package's size in bytes (Lantern's addition to the format; Tauri ignores it).
    #[serde(default)]
    pub size: Option<u64>,
}

impl PlatformPackage {
    /// The most bytes a copy of the package may have: its signed size, else
    /// [`MAX_PACKAGE_BYTES`].
    pub fn size_limit(&self) -> u64 {
        self.size.unwrap_or(MAX_PACKAGE_BYTES)
    }
}

#[derive(Deserialize)]
struct RawManifest {
    version: String,
    #[serde(default)]
    notes: Option<String>,
    #[serde(default)]
    pub_date: Option<String>,
    platforms: BTreeMap<String, PlatformPackage>,
}

/// Reads a description: a JSON object with a semantic `version` (a leading `v` is
/// allowed), optional `notes` and `pub_date`, and at least one platform with a
/// non-empty `url` and `signature`.
pub fn parse_manifest(bytes: &[u8]) -> Result<UpdateManifest, UpdateError> {
    let invalid = |why: String| UpdateError::ManifestInvalid(why);
    if bytes.len() > MAX_MANIFEST_BYTES {
        return Err(invalid(format!(
            "it is larger than {MAX_MANIFEST_BYTES} bytes"
        )));
    }
    let raw: RawManifest = serde_json::from_slice(bytes).map_err(|e| invalid(e.to_string()))?;
    let version_text = raw.version.trim();
    let version = Version::parse(version_text.strip_prefix('v').unwrap_or(version_text))
        .map_err(|e| invalid(format!("version \"{}\": {e}", raw.version)))?;
    if raw.platforms.is_empty() {
        return Err(invalid("it lists no platform".into()));
    }
    for (key, package) in &raw.platforms {
        if package.url.trim().is_empty() || package.signature.trim().is_empty() {
            return Err(invalid(format!(
                "platform {key} needs a url and a signature"
            )));
        }
        if package
            .size
            .is_some_and(|s| s == 0 || s > MAX_PACKAGE_BYTES)
        {
            return Err(invalid(format!(
                "platform {key}: size must be from 1 to {MAX_PACKAGE_BYTES} bytes"
            )));
        }
    }
    let published = raw.pub_date.filter(|d| !d.trim().is_empty());
    if let Some(date) = &published {
        chrono::DateTime::parse_from_rfc3339(date)
            .map_err(|e| invalid(format!("pub_date \"{date}\": {e}")))?;
    }
    let notes: String = raw
        .notes
        .unwrap_or_default()
        .trim()
        .chars()
        .take(MAX_NOTES_CHARS)
        .collect();
    Ok(UpdateManifest {
        version,
        notes,
        published,
        platforms: raw.platforms,
    })
}

/// The platform key Tauri's updater uses for an installer: `{os}-{arch}-{installer}`,
/// e.g. `linux-x86_64-deb`.
pub fn platform_key(os: &str, arch: &str, installer: &str) -> String {
    format!("{os}-{arch}-{installer}")
}

impl UpdateManifest {
    /// The package for this platform key, or `update_no_package`.
    pub fn package_for(&self, platform: &str) -> Result<&PlatformPackage, UpdateError> {
        self.platforms
            .get(platform)
            .ok_or_else(|| UpdateError::NoPackage {
                version: self.version.to_string(),
                platform: platform.to_string(),
            })
    }

    /// Whether the offered version is newer than `current` (semantic versioning;
    /// an unreadable current version counts as older than anything).
    pub fn is_newer_than(&self, current: &str) -> bool {
        Version::parse(current.trim().trim_start_matches('v'))
            .map_or(true, |current| self.version > current)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Coded, ErrorCode};
    use proptest::prelude::*;

    const VALID: &str = r#"{"version":"v0.2.0","notes":" Fixes. ","pub_date":"2026-11-25T10:00:00Z",
        "platforms":{"linux-x86_64-deb":{"url":"../pool/lantern_0.2.0_amd64.deb","signature":"c2ln"}},"extra":1}"#;

    fn refused(json: &str) -> ErrorCode {
        parse_manifest(json.as_bytes()).unwrap_err().code()
    }

    fn assert_invalid(json: &str) {
        assert_eq!(refused(json), ErrorCode::UpdateManifestInvalid, "{json}");
    }

    #[test]
    fn a_tauri_description_is_read_with_unknown_fields_ignored() {
        let m = parse_manifest(VALID.as_bytes()).unwrap();
        assert_eq!(m.version, Version::new(0, 2, 0));
        assert_eq!(m.notes, "Fixes.");
        assert_eq!(m.published.as_deref(), Some("2026-11-25T10:00:00Z"));
        assert_eq!(
            m.package_for("linux-x86_64-deb").unwrap().url,
            "../pool/lantern_0.2.0_amd64.deb"
        );
    }

    #[test]
    fn the_version_must_be_semantic() {
        assert_invalid(&VALID.replace("v0.2.0", "two"));
        assert_invalid(&VALID.replace("v0.2.0", "0.2"));
    }

    #[test]
    fn every_platform_needs_a_url_and_a_signature_and_one_must_exist() {
        assert_invalid(&VALID.replace("c2ln", " "));
        assert_invalid(&VALID.replace("../pool/lantern_0.2.0_amd64.deb", ""));
        assert_invalid(r#"{"version":"1.0.0","platforms":{}}"#);
    }

    #[test]
    fn the_date_when_given_must_be_rfc3339() {
        assert_invalid(&VALID.replace("2026-11-25T10:00:00Z", "yesterday"));
        assert!(
            parse_manifest(VALID.replace("2026-11-25T10:00:00Z", "").as_bytes())
                .unwrap()
                .published
                .is_none()
        );
    }

    #[test]
    fn an_oversized_description_is_refused() {
        let notes = "x".repeat(MAX_MANIFEST_BYTES);
        assert_invalid(&VALID.replace(" Fixes. ", &notes));
    }

    #[test]
    fn a_missing_platform_is_update_no_package() {
        let m = parse_manifest(VALID.as_bytes()).unwrap();
        assert_eq!(
            m.package_for("linux-aarch64-deb").unwrap_err().code(),
            ErrorCode::UpdateNoPackage
        );
        assert_eq!(platform_key("linux", "x86_64", "deb"), "linux-x86_64-deb");
    }

    #[test]
    fn only_a_higher_version_is_newer() {
        let m = parse_manifest(VALID.as_bytes()).unwrap();
        assert!(m.is_newer_than("0.1.9"));
        assert!(!m.is_newer_than("0.2.0"));
        assert!(!m.is_newer_than("v0.3.0"));
        assert!(m.is_newer_than("0.2.0-beta.1"));
        assert!(m.is_newer_than("garbage"));
    }

    #[test]
    fn a_signed_size_bounds_the_copy_and_must_be_sensible() {
        let with_size = |size: &str| {
            format!(
                r#"{{"version":"0.2.0","platforms":{{"linux-x86_64-deb":{{"url":"a.deb","signature":"s","size":{size}}}}}}}"#
            )
        };
        let m = parse_manifest(with_size("1234").as_bytes()).unwrap();
        assert_eq!(
            m.package_for("linux-x86_64-deb").unwrap().size_limit(),
            1234
        );
        let unsized_manifest = parse_manifest(VALID.as_bytes()).unwrap();
        let package = unsized_manifest.platforms.values().next().unwrap();
        assert_eq!(package.size_limit(), MAX_PACKAGE_BYTES);
        assert_invalid(&with_size("0"));
        assert_invalid(&with_size(&(MAX_PACKAGE_BYTES + 1).to_string()));
        assert_invalid(&with_size("-5"));
    }

    proptest! {
        #[test]
        fn random_or_mutated_descriptions_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400), cut in 0usize..400, flip in any::<u8>()) {
            let _ = parse_manifest(&bytes);
            let mut mutated = VALID.as_bytes().to_vec();
            let at = cut % mutated.len();
            mutated[at] ^= flip;
            if let Ok(m) = parse_manifest(&mutated) {
                prop_assert!(!m.platforms.is_empty());
            }
            let _ = parse_manifest(&VALID.as_bytes()[..at]);
        }
    }
}
