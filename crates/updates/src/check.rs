//! Checking a location for a newer, correctly signed package.

use std::path::{Path, PathBuf};

use std::time::Duration;

use lantern_core::updates::{
    parse_manifest, platform_key, UpdateError, UpdateKey, UpdateLocation, UpdateSource,
    SIGNATURE_SUFFIX,
};

use crate::fetch;

/// The longest update description read, in bytes.
const MANIFEST_LIMIT: u64 = 1 << 20;
/// The longest signature file read, in bytes.
const SIGNATURE_LIMIT: u64 = 4 << 10;
/// The installer kind this build updates through.
const INSTALLER: &str = "deb";
/// How long copying a package may take in all (a 1 GB package at 2 MB/s).
pub const COPY_TIMEOUT: Duration = Duration::from_secs(600);

/// Checks update locations against the key this build trusts.
#[derive(Debug, Clone)]
pub struct UpdateChecker {
    key: UpdateKey,
    current_version: String,
    platform: String,
    cache_dir: PathBuf,
    copy_timeout: Duration,
}

/// A newer version whose package was copied to this laptop and verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpdateOffer {
    /// The version offered.
    pub version: String,
    /// The version running now.
    pub current_version: String,
    /// Release notes.
    pub notes: String,
    /// When it was published (RFC 3339), when given.
    pub published: Option<String>,
    /// Where it was found.
    pub location: String,
    /// The verified copy that would be installed.
    pub package: PathBuf,
    /// Its size in bytes.
    pub size: u64,
    /// Its sha256, for comparing with the release's checksums.
    pub sha256: String,
    /// The id of the key that signed it.
    pub key_id: String,
    /// The signature, kept to check the copy again right before installing.
    pub signature: String,
}

/// What a check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckOutcome {
    /// The location offers nothing newer.
    UpToDate {
        /// The version the location offers.
        offered: String,
        /// The version running now.
        current: String,
    },
    /// A newer, verified package.
    Available(UpdateOffer),
}

impl UpdateChecker {
    /// A checker for this machine's platform (`linux-x86_64-deb` here), keeping
    /// verified copies in `cache_dir`.
    pub fn new(
        key: UpdateKey,
        current_version: impl Into<String>,
        cache_dir: impl Into<PathBuf>,
    ) -> Self {
        Self {
            key,
            current_version: current_version.into(),
            platform: platform_key(std::env::consts::OS, std::env::consts::ARCH, INSTALLER),
            cache_dir: cache_dir.into(),
            copy_timeout: COPY_TIMEOUT,
        }
    }

    /// The same checker with another overall time limit for copying a package.
    pub fn with_copy_timeout(mut self, limit: Duration) -> Self {
        self.copy_timeout = limit;
        self
    }

    /// The key updates must be signed with.
    pub fn key(&self) -> &UpdateKey {
        &self.key
    }

    /// Reads the location's description and checks its signature (`latest.json.sig`);
    /// when it offers a newer version, copies the package into the cache folder — no
    /// more bytes than its signed size, within [`COPY_TIMEOUT`] — and verifies its
    /// signature. A package that does not verify is deleted and reported as
    /// `update_signature_invalid`.
    pub async fn check(&self, location: &UpdateLocation) -> Result<CheckOutcome, UpdateError> {
        let (source, bytes) = find_manifest(location).await?;
        self.verify_manifest(&source, &bytes).await?;
        let manifest = parse_manifest(&bytes)?;
        if !manifest.is_newer_than(&self.current_version) {
            return Ok(CheckOutcome::UpToDate {
                offered: manifest.version.to_string(),
                current: self.current_version.clone(),
            });
        }
        let package = manifest.package_for(&self.platform)?.clone();
        let package_source = source.resolve(&package.url)?;
        let (copy, size, sha256) = self
            .copy_package(&package_source, package.size_limit())
            .await?;
        let check = verify(&self.key, &package.signature, &copy).await;
        let key_id = match check {
            Ok(check) => check.key_id,
            Err(e) => {
                let _ = tokio::fs::remove_file(&copy).await;
                return Err(e);
            }
        };
        Ok(CheckOutcome::Available(UpdateOffer {
            version: manifest.version.to_string(),
            current_version: self.current_version.clone(),
            notes: manifest.notes,
            published: manifest.published,
            location: location.to_string(),
            package: copy,
            size,
            sha256,
            key_id,
            signature: package.signature,
        }))
    }

    /// Checks the description's bytes against the signature file beside it: what it
    /// says (the version compared with this build's, the package's size) is trusted only
    /// when the build's key signed it.
    async fn verify_manifest(
        &self,
        source: &UpdateSource,
        bytes: &[u8],
    ) -> Result<(), UpdateError> {
        let unsigned = |why: String| {
            UpdateError::SignatureInvalid(format!("the update description {source} {why}"))
        };
        let signature_source =
            source.resolve(&format!("{}{SIGNATURE_SUFFIX}", source.file_name()))?;
        let signature = fetch::read_small(&signature_source, SIGNATURE_LIMIT)
            .await
            .map_err(|_| unsigned(format!("has no readable signature {signature_source}")))?;
        let signature = String::from_utf8(signature)
            .map_err(|_| unsigned("has a signature that is not text".into()))?;
        self.key
            .check(signature.trim(), std::io::Cursor::new(bytes))
            .map_err(|e| {
                let detail = match e {
                    UpdateError::SignatureInvalid(detail) => detail,
                    other => other.to_string(),
                };
                unsigned(format!("does not verify ({detail})"))
            })?;
        Ok(())
    }

    /// Copies the package into an emptied cache folder under a safe file name: at most
    /// `limit` bytes, within the checker's time limit.
    async fn copy_package(
        &self,
        source: &UpdateSource,
        limit: u64,
    ) -> Result<(PathBuf, u64, String), UpdateError> {
        let cache_error = |e: std::io::Error| UpdateError::Unreachable {
            location: self.cache_dir.display().to_string(),
            reason: e.to_string(),
        };
        let _ = tokio::fs::remove_dir_all(&self.cache_dir).await;
        tokio::fs::create_dir_all(&self.cache_dir)
            .await
            .map_err(cache_error)?;
        let name: String = source
            .file_name()
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || "._+-".contains(c) {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let name = name.trim_start_matches('.').to_string();
        let copy = self.cache_dir.join(if name.is_empty() {
            "update.deb".to_string()
        } else {
            name
        });
        let copied = tokio::time::timeout(self.copy_timeout, fetch::copy_to(source, &copy, limit))
            .await
            .unwrap_or_else(|_| {
                Err(UpdateError::TimedOut(format!(
                    "{} s for {source}",
                    self.copy_timeout.as_secs()
                )))
            });
        match copied {
            Ok((size, sha256)) => Ok((copy, size, sha256)),
            Err(e) => {
                let _ = tokio::fs::remove_file(&copy).await;
                Err(e)
            }
        }
    }
}

/// The first description found among the location's candidates, with where it was.
async fn find_manifest(location: &UpdateLocation) -> Result<(UpdateSource, Vec<u8>), UpdateError> {
    let mut first_error = None;
    for source in location.manifest_candidates() {
        match fetch::read_small(&source, MANIFEST_LIMIT).await {
            Ok(bytes) => return Ok((source, bytes)),
            Err(e @ UpdateError::Unreachable { .. }) => {
                first_error.get_or_insert(e);
            }
            Err(e) => return Err(e),
        }
    }
    Err(first_error.unwrap_or_else(|| UpdateError::LocationInvalid(location.to_string())))
}

/// Checks a file against a signature off the async threads (it reads the whole file).
pub(crate) async fn verify(
    key: &UpdateKey,
    signature: &str,
    path: &Path,
) -> Result<lantern_core::updates::SignatureCheck, UpdateError> {
    let (key, signature, path) = (key.clone(), signature.to_string(), path.to_path_buf());
    tokio::task::spawn_blocking(move || {
        let file = std::fs::File::open(&path).map_err(|e| {
            UpdateError::SignatureInvalid(format!("cannot read {}: {e}", path.display()))
        })?;
        key.check(&signature, std::io::BufReader::new(file))
    })
    .await
    .map_err(|e| UpdateError::SignatureInvalid(e.to_string()))?
}
