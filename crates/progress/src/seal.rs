//! The integrity check a hand-in carries: HMAC-SHA256 over the file's content with a
//! key built into Lantern. A file changed in an editor no longer matches, so the class
//! view flags it. It is not a proof of authorship: someone who reads Lantern's source
//! can recompute it (docs/teachers.md says so).

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The seal's algorithm, as written in the file.
pub const SEAL_ALGORITHM: &str = "HMAC-SHA256";

const SEAL_KEY: &[u8] = b"lantern progress hand-in, format 1";

/// The seal of `content`, in lowercase hex.
pub fn seal(content: &[u8]) -> String {
    let mut mac = keyed();
    mac.update(content);
    hex::encode(mac.finalize().into_bytes())
}

/// Whether `value` is the seal of `content` (compared in constant time).
pub fn seal_matches(content: &[u8], value: &str) -> bool {
    let Ok(bytes) = hex::decode(value) else {
        return false;
    };
    let mut mac = keyed();
    mac.update(content);
    mac.verify_slice(&bytes).is_ok()
}

fn keyed() -> Hmac<Sha256> {
    // HMAC accepts a key of any length, so this cannot fail.
    <Hmac<Sha256> as Mac>::new_from_slice(SEAL_KEY).unwrap_or_else(|_| unreachable!())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seal_matches_its_content_only() {
        let s = seal(b"tier: gold");
        assert!(seal_matches(b"tier: gold", &s));
        assert!(!seal_matches(b"tier: silver", &s));
    }

    #[test]
    fn a_malformed_seal_never_matches() {
        for bad in ["", "abc", "zz", "é1"] {
            assert!(!seal_matches(b"x", bad), "{bad:?}");
        }
    }
}
