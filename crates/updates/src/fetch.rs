//! Reading one file from a folder or a local-network address.

use std::net::SocketAddr;
use std::path::Path;

use futures::StreamExt;
use lantern_core::updates::{is_local_network, UpdateError, UpdateSource};
use reqwest::Url;
use sha2::{Digest, Sha256};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// How long connecting to a local address may take.
const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);
/// How long reading a description or a signature may take in all.
const SMALL_READ_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

fn unreachable(source: &UpdateSource, reason: impl ToString) -> UpdateError {
    UpdateError::Unreachable {
        location: source.to_string(),
        reason: reason.to_string(),
    }
}

/// Reads a small file whole, refusing one longer than `limit` bytes or slower than
/// [`SMALL_READ_TIMEOUT`].
pub async fn read_small(source: &UpdateSource, limit: u64) -> Result<Vec<u8>, UpdateError> {
    tokio::time::timeout(SMALL_READ_TIMEOUT, read_small_untimed(source, limit))
        .await
        .unwrap_or_else(|_| {
            Err(UpdateError::TimedOut(format!(
                "{} s for {source}",
                SMALL_READ_TIMEOUT.as_secs()
            )))
        })
}

async fn read_small_untimed(source: &UpdateSource, limit: u64) -> Result<Vec<u8>, UpdateError> {
    let mut bytes = Vec::new();
    match source {
        UpdateSource::File(path) => {
            let file = tokio::fs::File::open(path)
                .await
                .map_err(|e| unreachable(source, e))?;
            file.take(limit + 1)
                .read_to_end(&mut bytes)
                .await
                .map_err(|e| unreachable(source, e))?;
        }
        UpdateSource::Http(url) => {
            let mut body = get(source, url).await?.bytes_stream();
            while let Some(chunk) = body.next().await {
                bytes.extend_from_slice(&chunk.map_err(|e| unreachable(source, e))?);
                if bytes.len() as u64 > limit {
                    break;
                }
            }
        }
    }
    if bytes.len() as u64 > limit {
        return Err(UpdateError::ManifestInvalid(format!(
            "{source} is larger than {limit} bytes"
        )));
    }
    Ok(bytes)
}

/// Copies a file to `dest` (created or replaced), returning its size and sha256;
/// `update_too_large` as soon as it passes `limit` bytes.
pub async fn copy_to(
    source: &UpdateSource,
    dest: &Path,
    limit: u64,
) -> Result<(u64, String), UpdateError> {
    let too_large = || UpdateError::TooLarge(format!("{limit} bytes ({source})"));
    let mut out = tokio::fs::File::create(dest)
        .await
        .map_err(|e| unreachable(source, format!("cannot write {}: {e}", dest.display())))?;
    let mut hash = Sha256::new();
    let mut size = 0u64;
    match source {
        UpdateSource::File(path) => {
            let mut file = tokio::fs::File::open(path)
                .await
                .map_err(|e| unreachable(source, e))?;
            let mut buffer = vec![0u8; 1 << 16];
            loop {
                let read = file
                    .read(&mut buffer)
                    .await
                    .map_err(|e| unreachable(source, e))?;
                if read == 0 {
                    break;
                }
                hash.update(&buffer[..read]);
                size += read as u64;
                if size > limit {
                    return Err(too_large());
                }
                out.write_all(&buffer[..read])
                    .await
                    .map_err(|e| unreachable(source, e))?;
            }
        }
        UpdateSource::Http(url) => {
            let mut body = get(source, url).await?.bytes_stream();
            while let Some(chunk) = body.next().await {
                let chunk = chunk.map_err(|e| unreachable(source, e))?;
                hash.update(&chunk);
                size += chunk.len() as u64;
                if size > limit {
                    return Err(too_large());
                }
                out.write_all(&chunk)
                    .await
                    .map_err(|e| unreachable(source, e))?;
            }
        }
    }
    out.sync_all().await.map_err(|e| unreachable(source, e))?;
    Ok((size, hex::encode(hash.finalize())))
}

/// A GET to a local-network address: the host is resolved here, every address must
/// be local, the connection goes to those addresses only, and no proxy is used.
async fn get(source: &UpdateSource, url: &Url) -> Result<reqwest::Response, UpdateError> {
    let host = url.host_str().unwrap_or_default().to_string();
    let port = url.port_or_known_default().unwrap_or(80);
    let addresses: Vec<SocketAddr> = tokio::net::lookup_host((host.trim_matches(['[', ']']), port))
        .await
        .map_err(|e| unreachable(source, format!("cannot resolve {host}: {e}")))?
        .collect();
    if let Some(public) = addresses.iter().find(|a| !is_local_network(a.ip())) {
        return Err(UpdateError::LocationNotLocal {
            host,
            address: public.ip().to_string(),
        });
    }
    let client = reqwest::Client::builder()
        .no_proxy()
        .connect_timeout(CONNECT_TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .resolve_to_addrs(&host, &addresses)
        .build()
        .map_err(|e| unreachable(source, e))?;
    let response = client
        .get(url.clone())
        .send()
        .await
        .map_err(|e| unreachable(source, e))?;
    if !response.status().is_success() {
        return Err(unreachable(
            source,
            format!("the server answered {}", response.status()),
        ));
    }
    Ok(response)
}
