//! Checks against real folders and a real local HTTP server: a newer signed package
//! with a signed description is offered, anything else is refused with its code, and
//! nothing unverified stays.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use lantern_core::{Coded, ErrorCode};
use lantern_updates::{
    install, CheckOutcome, UpdateChecker, UpdateKey, UpdateLocation, UpdateOffer,
};
use minisign::KeyPair;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const PLATFORM: &str = "linux-x86_64-deb";

struct Release {
    dir: tempfile::TempDir,
    key: UpdateKey,
    pair: KeyPair,
}

impl Release {
    fn manifest_path(&self) -> PathBuf {
        self.dir.path().join("updates/latest.json")
    }

    /// Replaces the description with `text`, signed by `signer` (the release's key when
    /// `None`), as `tauri signer sign latest.json` does.
    fn write_manifest(&self, text: &str, signer: Option<&KeyPair>) {
        std::fs::write(self.manifest_path(), text).unwrap();
        let signature = sign(signer.unwrap_or(&self.pair), text.as_bytes());
        std::fs::write(self.dir.path().join("updates/latest.json.sig"), signature).unwrap();
    }
}

fn key_pair() -> (UpdateKey, KeyPair) {
    let pair = KeyPair::generate_unencrypted_keypair().unwrap();
    let public = STANDARD.encode(pair.pk.to_box().unwrap().to_string());
    (UpdateKey::parse(&public).unwrap(), pair)
}

fn sign(pair: &KeyPair, data: &[u8]) -> String {
    STANDARD.encode(
        minisign::sign(None, &pair.sk, Cursor::new(data), None, None)
            .unwrap()
            .to_string(),
    )
}

/// A release folder laid out as scripts/release.sh makes it: the package in the pool,
/// the description in `updates/`, pointing at it relatively.
fn release(version: &str, package: &[u8], signer: Option<&KeyPair>) -> Release {
    let dir = tempfile::tempdir().unwrap();
    let (key, pair) = key_pair();
    let pool = dir.path().join("pool/main/l/lantern");
    std::fs::create_dir_all(&pool).unwrap();
    std::fs::create_dir_all(dir.path().join("updates")).unwrap();
    let name = format!("lantern_{version}_amd64.deb");
    std::fs::write(pool.join(&name), package).unwrap();
    let signature = sign(signer.unwrap_or(&pair), package);
    let release = Release { dir, key, pair };
    let manifest = manifest_text(
        version,
        &format!("../pool/main/l/lantern/{name}"),
        &signature,
        package.len(),
    );
    release.write_manifest(&manifest, None);
    release
}

fn manifest_text(version: &str, url: &str, signature: &str, size: usize) -> String {
    format!(
        r#"{{"version":"{version}","notes":"Faster tutor.","pub_date":"2026-11-25T10:00:00Z","platforms":{{"{PLATFORM}":{{"url":"{url}","signature":"{signature}","size":{size}}}}}}}"#
    )
}

fn checker(key: &UpdateKey, cache: &Path) -> UpdateChecker {
    UpdateChecker::new(key.clone(), "0.1.0", cache)
}

/// The code of the check's refusal of `location` with `key`.
async fn refusal(key: &UpdateKey, location: &Path) -> ErrorCode {
    let cache = tempfile::tempdir().unwrap();
    let err = checker(key, cache.path())
        .check(&folder(location))
        .await
        .unwrap_err();
    assert!(
        cached_files(cache.path()).is_empty(),
        "an unverified copy was kept"
    );
    err.code()
}

/// The offer of the check of the release's folder, which must be an update.
async fn offered(release: &Release, cache: &Path) -> UpdateOffer {
    let outcome = checker(&release.key, cache)
        .check(&folder(release.dir.path()))
        .await
        .unwrap();
    let CheckOutcome::Available(offer) = outcome else {
        panic!("no offer: {outcome:?}")
    };
    offer
}

fn folder(path: &Path) -> UpdateLocation {
    UpdateLocation::parse(path.to_str().unwrap()).unwrap()
}

fn cached_files(cache: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(cache)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default()
}

#[tokio::test]
async fn a_newer_signed_package_in_a_folder_is_copied_verified_and_offered() {
    let release = release("0.2.0", b"the new package", None);
    let cache = tempfile::tempdir().unwrap();
    let offer = offered(&release, cache.path()).await;
    assert_eq!(
        (offer.version.as_str(), offer.current_version.as_str()),
        ("0.2.0", "0.1.0")
    );
    assert_eq!(offer.notes, "Faster tutor.");
    assert_eq!(offer.size, 15);
    assert_eq!(offer.key_id, release.key.id());
    assert_eq!(offer.package, cache.path().join("lantern_0.2.0_amd64.deb"));
    assert_eq!(std::fs::read(&offer.package).unwrap(), b"the new package");
    assert_eq!(offer.sha256.len(), 64);
}

#[tokio::test]
async fn a_release_that_also_holds_the_writer_model_offers_and_copies_the_app_alone() {
    // scripts/release.sh puts lantern-model-writer (about 1.1 GB) in the same pool; the
    // signed description names the app's package only, so an update never copies it.
    let release = release("0.2.0", b"the new package", None);
    let writer = release
        .dir
        .path()
        .join("pool/main/l/lantern-model-writer/lantern-model-writer_0.2.0-1_all.deb");
    std::fs::create_dir_all(writer.parent().unwrap()).unwrap();
    std::fs::write(&writer, b"the writer model, installed once").unwrap();
    let cache = tempfile::tempdir().unwrap();
    let offer = offered(&release, cache.path()).await;
    assert_eq!(offer.size, 15);
    assert_eq!(
        cached_files(cache.path()),
        [cache.path().join("lantern_0.2.0_amd64.deb")]
    );
}

#[tokio::test]
async fn the_same_or_an_older_version_is_up_to_date_and_nothing_is_copied() {
    let release = release("0.1.0", b"same", None);
    let cache = tempfile::tempdir().unwrap();
    let outcome = checker(&release.key, cache.path())
        .check(&folder(&release.dir.path().join("updates")))
        .await
        .unwrap();
    assert_eq!(
        outcome,
        CheckOutcome::UpToDate {
            offered: "0.1.0".into(),
            current: "0.1.0".into()
        }
    );
    assert!(cached_files(cache.path()).is_empty());
}

#[tokio::test]
async fn a_package_signed_with_another_key_is_refused_and_its_copy_deleted() {
    let (_, stranger) = key_pair();
    let release = release("0.2.0", b"someone else's package", Some(&stranger));
    let cache = tempfile::tempdir().unwrap();
    let err = checker(&release.key, cache.path())
        .check(&folder(release.dir.path()))
        .await
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::UpdateSignatureInvalid);
    assert!(err.to_string().contains(release.key.id()), "{err}");
    assert!(cached_files(cache.path()).is_empty());
}

#[tokio::test]
async fn a_package_with_one_flipped_byte_is_refused() {
    let release = release("0.2.0", b"the new package", None);
    let deb = release
        .dir
        .path()
        .join("pool/main/l/lantern/lantern_0.2.0_amd64.deb");
    let mut bytes = std::fs::read(&deb).unwrap();
    bytes[3] ^= 0x01;
    std::fs::write(&deb, bytes).unwrap();
    assert_eq!(
        refusal(&release.key, release.dir.path()).await,
        ErrorCode::UpdateSignatureInvalid
    );
}

#[tokio::test]
async fn install_checks_the_copy_again_and_refuses_one_changed_since() {
    let release = release("0.2.0", b"the new package", None);
    let cache = tempfile::tempdir().unwrap();
    let offer = offered(&release, cache.path()).await;
    std::fs::write(&offer.package, b"swapped after the check").unwrap();
    let err = install(&offer, &release.key, Path::new("/nonexistent/lantern-app"))
        .await
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::UpdateSignatureInvalid);
}

#[tokio::test]
async fn a_missing_folder_or_description_is_unreachable_and_a_bad_one_invalid() {
    let (key, _) = key_pair();
    assert_eq!(
        refusal(&key, Path::new("/nonexistent/usb")).await,
        ErrorCode::UpdateUnreachable
    );
    let release = release("0.2.0", b"pkg", None);
    release.write_manifest("{not json", None);
    assert_eq!(
        refusal(&release.key, release.dir.path()).await,
        ErrorCode::UpdateManifestInvalid
    );
}

#[tokio::test]
async fn a_description_without_this_platform_is_update_no_package() {
    let release = release("0.2.0", b"pkg", None);
    let text = std::fs::read_to_string(release.manifest_path())
        .unwrap()
        .replace(PLATFORM, "windows-x86_64-msi");
    release.write_manifest(&text, None);
    assert_eq!(
        refusal(&release.key, release.dir.path()).await,
        ErrorCode::UpdateNoPackage
    );
}

#[tokio::test]
async fn a_release_served_on_the_local_network_is_offered_and_a_missing_one_unreachable() {
    let release = release("0.3.0", &vec![7u8; 300_000], None);
    let port = serve(release.dir.path().to_path_buf()).await;
    let cache = tempfile::tempdir().unwrap();
    let location = UpdateLocation::parse(&format!("http://localhost:{port}/")).unwrap();
    let CheckOutcome::Available(offer) = checker(&release.key, cache.path())
        .check(&location)
        .await
        .unwrap()
    else {
        panic!("no offer")
    };
    assert_eq!((offer.version.as_str(), offer.size), ("0.3.0", 300_000));
    let missing = UpdateLocation::parse(&format!("http://127.0.0.1:{port}/nothing-here/")).unwrap();
    let err = checker(&release.key, cache.path())
        .check(&missing)
        .await
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::UpdateUnreachable);
}

#[tokio::test]
async fn an_unsigned_description_is_refused_before_anything_is_copied() {
    let release = release("0.2.0", b"the new package", None);
    std::fs::remove_file(release.dir.path().join("updates/latest.json.sig")).unwrap();
    assert_eq!(
        refusal(&release.key, release.dir.path()).await,
        ErrorCode::UpdateSignatureInvalid
    );
}

#[tokio::test]
async fn a_description_rewritten_and_signed_by_another_key_is_refused() {
    // The folder's owner turns an old signed package into an "update" by editing the
    // version: the description's signature no longer holds.
    let release = release("0.2.0", b"the new package", None);
    let (_, stranger) = key_pair();
    let text = std::fs::read_to_string(release.manifest_path())
        .unwrap()
        .replace("0.2.0\",", "9.9.9\",");
    release.write_manifest(&text, Some(&stranger));
    assert_eq!(
        refusal(&release.key, release.dir.path()).await,
        ErrorCode::UpdateSignatureInvalid
    );
    std::fs::write(release.manifest_path(), text).unwrap();
    assert_eq!(
        refusal(&release.key, release.dir.path()).await,
        ErrorCode::UpdateSignatureInvalid,
        "an edited description with its old signature"
    );
}

#[tokio::test]
async fn a_package_larger_than_its_signed_size_is_refused_and_nothing_kept() {
    let release = release("0.2.0", b"the new package", None);
    let deb = release
        .dir
        .path()
        .join("pool/main/l/lantern/lantern_0.2.0_amd64.deb");
    std::fs::write(&deb, vec![0u8; 1 << 20]).unwrap();
    assert_eq!(
        refusal(&release.key, release.dir.path()).await,
        ErrorCode::UpdateTooLarge
    );
}

#[tokio::test]
async fn a_server_that_stops_sending_is_given_up_on_in_time() {
    let release = release("0.3.0", &vec![7u8; 300_000], None);
    let port = serve_stalling(release.dir.path().to_path_buf()).await;
    let cache = tempfile::tempdir().unwrap();
    let location = UpdateLocation::parse(&format!("http://127.0.0.1:{port}/")).unwrap();
    let err = checker(&release.key, cache.path())
        .with_copy_timeout(Duration::from_secs(2))
        .check(&location)
        .await
        .unwrap_err();
    assert_eq!(err.code(), ErrorCode::UpdateTimedOut, "{err}");
    assert!(cached_files(cache.path()).is_empty());
}

/// Like [`serve`], but a `.deb` is answered with its headers and its first bytes, then
/// nothing more, the connection held open.
async fn serve_stalling(root: PathBuf) -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let files = serve(root).await;
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut request = vec![0u8; 4096];
                let read = socket.read(&mut request).await.unwrap_or(0);
                let head = String::from_utf8_lossy(&request[..read]).to_string();
                if !head.lines().next().unwrap_or_default().contains(".deb ") {
                    let mut upstream = tokio::net::TcpStream::connect(("127.0.0.1", files))
                        .await
                        .unwrap();
                    upstream.write_all(&request[..read]).await.unwrap();
                    let _ = tokio::io::copy(&mut upstream, &mut socket).await;
                    return;
                }
                let _ = socket
                    .write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 300000\r\n\r\nfirst bytes")
                    .await;
                tokio::time::sleep(Duration::from_secs(60)).await;
            });
        }
    });
    port
}

/// A minimal static file server on 127.0.0.1 (GET only), for as long as the test runs.
async fn serve(root: PathBuf) -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let root = root.clone();
            tokio::spawn(async move {
                let mut request = vec![0u8; 4096];
                let read = socket.read(&mut request).await.unwrap_or(0);
                let line = String::from_utf8_lossy(&request[..read])
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .to_string();
                let path = line
                    .split_whitespace()
                    .nth(1)
                    .unwrap_or("/")
                    .trim_start_matches('/')
                    .to_string();
                let resolved = root
                    .join(&path)
                    .canonicalize()
                    .ok()
                    .filter(|p| p.starts_with(&root) && p.is_file());
                let response = match resolved.and_then(|p| std::fs::read(p).ok()) {
                    Some(body) => [
                        format!(
                            "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                            body.len()
                        )
                        .into_bytes(),
                        body,
                    ]
                    .concat(),
                    None => {
                        b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                            .to_vec()
                    }
                };
                let _ = socket.write_all(&response).await;
            });
        }
    });
    port
}
