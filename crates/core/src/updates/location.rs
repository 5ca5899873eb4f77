//! Where updates are read from: a folder (a USB stick, a mounted share) or an http(s)
//! address on the local network, never the internet.

use std::fmt;
use std::net::IpAddr;
use std::path::PathBuf;

use url::Url;

use super::manifest::MANIFEST_FILE;
use super::UpdateError;

/// The place a school configured for updates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UpdateLocation {
    /// A folder on this laptop (a USB stick or a mounted share).
    Folder(PathBuf),
    /// An http(s) address; its host must be on the local network.
    Http(Url),
}

/// One file to read: the update description or a package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UpdateSource {
    /// A file on this laptop.
    File(PathBuf),
    /// A file at a local-network address.
    Http(Url),
}

impl UpdateLocation {
    /// Reads a location as typed: an absolute path, a `file://` URL, or an `http://` /
    /// `https://` address whose host is a name or a local-network IP address.
    pub fn parse(text: &str) -> Result<Self, UpdateError> {
        let text = text.trim();
        let invalid = || UpdateError::LocationInvalid(text.to_string());
        if text.starts_with('/') {
            return Ok(Self::Folder(PathBuf::from(text)));
        }
        let url = Url::parse(text).map_err(|_| invalid())?;
        match url.scheme() {
            "file" => url.to_file_path().map(Self::Folder).map_err(|_| invalid()),
            "http" | "https" => {
                let host = url
                    .host_str()
                    .filter(|h| !h.is_empty())
                    .ok_or_else(invalid)?;
                if let Ok(ip) = host.trim_matches(['[', ']']).parse::<IpAddr>() {
                    if !is_local_network(ip) {
                        return Err(UpdateError::LocationNotLocal {
                            host: host.to_string(),
                            address: ip.to_string(),
                        });
                    }
                }
                Ok(Self::Http(url))
            }
            _ => Err(invalid()),
        }
    }

    /// The update descriptions to try, in order: the location itself when it names a
    /// `.json` file, else `latest.json` in it, then in its `updates/` folder (so the
    /// root of a release folder works too).
    pub fn manifest_candidates(&self) -> Vec<UpdateSource> {
        match self {
            Self::Folder(dir) if dir.extension().is_some_and(|e| e == "json") => {
                vec![UpdateSource::File(dir.clone())]
            }
            Self::Folder(dir) => vec![
                UpdateSource::File(dir.join(MANIFEST_FILE)),
                UpdateSource::File(dir.join("updates").join(MANIFEST_FILE)),
            ],
            Self::Http(url) if url.path().ends_with(".json") => {
                vec![UpdateSource::Http(url.clone())]
            }
            Self::Http(url) => {
                let base = directory_url(url);
                [
                    MANIFEST_FILE.to_string(),
                    format!("updates/{MANIFEST_FILE}"),
                ]
                .iter()
                .filter_map(|p| base.join(p).ok())
                .map(UpdateSource::Http)
                .collect()
            }
        }
    }
}

impl UpdateSource {
    /// Resolves a package address written in the description found here: relative to
    /// the description, or absolute. A description read from a folder may only name
    /// files; one read over http may name files on the same or another local address.
    pub fn resolve(&self, reference: &str) -> Result<UpdateSource, UpdateError> {
        let reference = reference.trim();
        let invalid = || {
            UpdateError::ManifestInvalid(format!(
                "the package address \"{reference}\" cannot be used"
            ))
        };
        if reference.is_empty() {
            return Err(invalid());
        }
        match self {
            Self::File(manifest) => {
                let dir = manifest.parent().map(PathBuf::from).unwrap_or_default();
                if reference.starts_with("file://") {
                    let url = Url::parse(reference).map_err(|_| invalid())?;
                    return url.to_file_path().map(Self::File).map_err(|_| invalid());
                }
                if reference.contains("://") {
                    return Err(invalid());
                }
                Ok(Self::File(dir.join(reference)))
            }
            Self::Http(manifest) => {
                let url = manifest.join(reference).map_err(|_| invalid())?;
                match UpdateLocation::parse(url.as_str())? {
                    UpdateLocation::Http(url) => Ok(Self::Http(url)),
                    UpdateLocation::Folder(_) => Err(invalid()),
                }
            }
        }
    }

    /// The file name at the end of the path, for display and for the downloaded copy.
    pub fn file_name(&self) -> String {
        let name = match self {
            Self::File(path) => path.file_name().map(|n| n.to_string_lossy().into_owned()),
            Self::Http(url) => url
                .path_segments()
                .and_then(|mut s| s.next_back())
                .map(str::to_string),
        };
        name.filter(|n| !n.is_empty())
            .unwrap_or_else(|| "update.deb".to_string())
    }
}

impl fmt::Display for UpdateLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Folder(dir) => write!(f, "{}", dir.display()),
            Self::Http(url) => write!(f, "{url}"),
        }
    }
}

impl fmt::Display for UpdateSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::File(path) => write!(f, "{}", path.display()),
            Self::Http(url) => write!(f, "{url}"),
        }
    }
}

/// The address with a trailing `/`, so relative names join under it.
fn directory_url(url: &Url) -> Url {
    let mut base = url.clone();
    if !base.path().ends_with('/') {
        let path = format!("{}/", base.path());
        base.set_path(&path);
    }
    base
}

/// Whether an address is this laptop or a private network: loopback, RFC 1918,
/// link-local, or IPv6 unique-local. Public addresses are the internet.
pub fn is_local_network(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_loopback() || v4.is_private() || v4.is_link_local(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_local_network(IpAddr::V4(v4)),
            None => {
                let first = v6.segments()[0];
                v6.is_loopback() || (first & 0xfe00) == 0xfc00 || (first & 0xffc0) == 0xfe80
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Coded;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_text_parses_or_is_refused_and_never_reaches_a_public_ip(text in "\\PC{0,60}", ip in any::<[u8; 4]>(), path in "[a-z/]{0,12}") {
            let _ = UpdateLocation::parse(&text);
            let address = std::net::Ipv4Addr::from(ip);
            match UpdateLocation::parse(&format!("http://{address}/{path}")) {
                Ok(UpdateLocation::Http(_)) => prop_assert!(is_local_network(IpAddr::V4(address))),
                Ok(other) => prop_assert!(false, "{other:?}"),
                Err(e) => prop_assert_eq!(e.code(), crate::ErrorCode::UpdateLocationNotLocal),
            }
            let manifest = UpdateSource::Http(Url::parse("http://10.0.0.2/u/latest.json").unwrap());
            if let Ok(UpdateSource::Http(url)) = manifest.resolve(&text) {
                let host = url.host_str().unwrap_or_default().trim_matches(['[', ']']).to_string();
                if let Ok(ip) = host.parse::<IpAddr>() {
                    prop_assert!(is_local_network(ip), "{url}");
                }
            }
        }
    }

    fn files(location: &str) -> Vec<String> {
        UpdateLocation::parse(location)
            .unwrap()
            .manifest_candidates()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn an_absolute_path_or_file_url_is_a_folder() {
        assert_eq!(
            UpdateLocation::parse("/media/usb/lantern").unwrap(),
            UpdateLocation::Folder("/media/usb/lantern".into())
        );
        assert_eq!(
            UpdateLocation::parse(" file:///srv/lantern ").unwrap(),
            UpdateLocation::Folder("/srv/lantern".into())
        );
    }

    #[test]
    fn relative_paths_and_other_schemes_are_refused() {
        for text in [
            "",
            "lantern",
            "~/lantern",
            "ftp://10.0.0.2/x",
            "smb://server/share",
            "http://",
        ] {
            let err = UpdateLocation::parse(text).unwrap_err();
            assert_eq!(
                err.code(),
                crate::ErrorCode::UpdateLocationInvalid,
                "{text}"
            );
        }
    }

    #[test]
    fn a_public_ip_address_is_refused_and_a_private_one_accepted() {
        let err = UpdateLocation::parse("http://8.8.8.8/lantern").unwrap_err();
        assert_eq!(err.code(), crate::ErrorCode::UpdateLocationNotLocal);
        let err = UpdateLocation::parse("https://[2001:db8::1]/x").unwrap_err();
        assert_eq!(err.code(), crate::ErrorCode::UpdateLocationNotLocal);
        for ok in [
            "http://192.168.1.10/lantern",
            "http://10.1.2.3:8080/",
            "http://[fd00::5]/x",
            "http://127.0.0.1:9000/",
            "http://updates.school.lan/lantern",
        ] {
            assert!(UpdateLocation::parse(ok).is_ok(), "{ok}");
        }
    }

    #[test]
    fn local_network_means_loopback_private_or_link_local() {
        for local in [
            "127.0.0.1",
            "10.0.0.1",
            "172.16.5.4",
            "192.168.0.9",
            "169.254.1.1",
            "::1",
            "fd12::1",
            "fe80::1",
            "::ffff:192.168.1.1",
        ] {
            assert!(is_local_network(local.parse().unwrap()), "{local}");
        }
        for public in [
            "8.8.8.8",
            "172.32.0.1",
            "100.64.0.1",
            "2001:4860::8888",
            "::ffff:8.8.8.8",
        ] {
            assert!(!is_local_network(public.parse().unwrap()), "{public}");
        }
    }

    #[test]
    fn the_description_is_looked_for_in_the_folder_then_in_its_updates_folder() {
        assert_eq!(
            files("/media/usb/repo"),
            [
                "/media/usb/repo/latest.json",
                "/media/usb/repo/updates/latest.json"
            ]
        );
        assert_eq!(
            files("http://10.0.0.2/repo"),
            [
                "http://10.0.0.2/repo/latest.json",
                "http://10.0.0.2/repo/updates/latest.json"
            ]
        );
        assert_eq!(
            files("/media/usb/repo/updates/beta.json"),
            ["/media/usb/repo/updates/beta.json"]
        );
    }

    #[test]
    fn a_package_is_resolved_relative_to_its_description() {
        let manifest = UpdateSource::File("/media/usb/repo/updates/latest.json".into());
        let deb = manifest
            .resolve("../pool/main/l/lantern/lantern_0.2.0_amd64.deb")
            .unwrap();
        assert_eq!(
            deb,
            UpdateSource::File(
                "/media/usb/repo/updates/../pool/main/l/lantern/lantern_0.2.0_amd64.deb".into()
            )
        );
        assert_eq!(deb.file_name(), "lantern_0.2.0_amd64.deb");
        let manifest =
            UpdateSource::Http(Url::parse("http://10.0.0.2/repo/updates/latest.json").unwrap());
        assert_eq!(
            manifest.resolve("lantern.deb").unwrap().to_string(),
            "http://10.0.0.2/repo/updates/lantern.deb"
        );
    }

    #[test]
    fn a_folder_description_cannot_send_the_app_to_the_network_and_http_stays_local() {
        let folder = UpdateSource::File("/media/usb/latest.json".into());
        assert_eq!(
            folder.resolve("http://10.0.0.2/x.deb").unwrap_err().code(),
            crate::ErrorCode::UpdateManifestInvalid
        );
        assert_eq!(
            folder.resolve("").unwrap_err().code(),
            crate::ErrorCode::UpdateManifestInvalid
        );
        let http = UpdateSource::Http(Url::parse("http://10.0.0.2/latest.json").unwrap());
        assert_eq!(
            http.resolve("http://93.184.216.34/x.deb")
                .unwrap_err()
                .code(),
            crate::ErrorCode::UpdateLocationNotLocal
        );
        assert_eq!(
            http.resolve("file:///etc/passwd").unwrap_err().code(),
            crate::ErrorCode::UpdateManifestInvalid
        );
    }
}
