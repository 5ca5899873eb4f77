//! The update key a build trusts and the check of a package's `tauri signer` signature
//! (minisign, Ed25519 over a BLAKE2b hash of the file).

use std::io::Read;

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use minisign_verify::{Error as MinisignError, PublicKey, Signature};

use super::UpdateError;

/// The minisign public key a build accepts updates from.
#[derive(Debug, Clone)]
pub struct UpdateKey {
    key: PublicKey,
    id: String,
}

/// The outcome of checking a package against its signature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignatureCheck {
    /// The id of the key that signed it (this build's key).
    pub key_id: String,
    /// How many bytes were checked.
    pub bytes: u64,
}

impl UpdateKey {
    /// Reads a key as Tauri's config holds it (base64 of the `.pub` file that
    /// `tauri signer generate` writes), or that file's text, or its bare key line.
    pub fn parse(text: &str) -> Result<Self, UpdateError> {
        let bad = |why: &str| {
            UpdateError::KeyMissing(format!(" (the configured key is unusable: {why})"))
        };
        let text = text.trim();
        if text.is_empty() {
            return Err(UpdateError::KeyMissing(String::new()));
        }
        let file = unwrap_base64_file(text);
        let line = file
            .lines()
            .map(str::trim)
            .rfind(|l| !l.is_empty() && !l.starts_with("untrusted comment:"))
            .unwrap_or("");
        let key = PublicKey::from_base64(line).map_err(|e| bad(&e.to_string()))?;
        let id = key_id_of(line).ok_or_else(|| bad("no key id"))?;
        Ok(Self { key, id })
    }

    /// The key's id as minisign prints it (16 hex digits).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Checks `data` against a signature in Tauri's form (base64 of the `.sig` file),
    /// reading it once in chunks. Another key's signature, a changed byte, a legacy
    /// (unhashed) signature or an unreadable one is `update_signature_invalid`.
    pub fn check(
        &self,
        signature: &str,
        mut data: impl Read,
    ) -> Result<SignatureCheck, UpdateError> {
        let refused = |why: String| UpdateError::SignatureInvalid(why);
        let file = unwrap_base64_file(signature.trim());
        let parsed =
            Signature::decode(&file).map_err(|_| refused("the signature is unreadable".into()))?;
        let signer = file
            .lines()
            .nth(1)
            .and_then(|line| key_id_of(line.trim()))
            .unwrap_or_default();
        let mut verifier = self.key.verify_stream(&parsed).map_err(|e| match e {
            MinisignError::UnexpectedKeyId => refused(format!(
                "signed by key {signer}, this build trusts {}",
                self.id
            )),
            other => refused(other.to_string()),
        })?;
        let mut buffer = vec![0u8; 1 << 16];
        let mut bytes = 0u64;
        loop {
            let read = data
                .read(&mut buffer)
                .map_err(|e| refused(format!("cannot read the package: {e}")))?;
            if read == 0 {
                break;
            }
            verifier.update(&buffer[..read]);
            bytes += read as u64;
        }
        verifier
            .finalize()
            .map_err(|_| refused("the package does not match its signature".into()))?;
        Ok(SignatureCheck {
            key_id: self.id.clone(),
            bytes,
        })
    }
}

/// The text of a minisign file, whether given as is or base64-encoded (Tauri's form).
fn unwrap_base64_file(text: &str) -> String {
    if text.contains("untrusted comment:") {
        return text.to_string();
    }
    let compact: String = text.split_whitespace().collect();
    STANDARD
        .decode(compact)
        .ok()
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .filter(|decoded| decoded.contains("untrusted comment:"))
        .unwrap_or_else(|| text.to_string())
}

/// The key id in a key or signature line: bytes 2..10, printed as minisign does.
fn key_id_of(line: &str) -> Option<String> {
    let bytes = STANDARD.decode(line).ok()?;
    let id: [u8; 8] = bytes.get(2..10)?.try_into().ok()?;
    Some(format!("{:016X}", u64::from_le_bytes(id)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Coded, ErrorCode};
    use minisign::KeyPair;
    use proptest::prelude::*;
    use std::io::Cursor;

    /// A key made by `tauri signer generate` and its signature of "hello\n".
    const TAURI_KEY: &str = "dW50cnVzdGVkIGNvbW1lbnQ6IG1pbmlzaWduIHB1YmxpYyBrZXk6IDJERDdFRDZBRjU3NTYyOTIKUldTU1luWDFhdTNYTFhpQ2hnVTJUN0tnd1RrVXJtaDJxYXZ4c1pEY1B4Y01WSkJCWmMzK0RJZHQK";
    const TAURI_SIG: &str = "dW50cnVzdGVkIGNvbW1lbnQ6IHNpZ25hdHVyZSBmcm9tIHRhdXJpIHNlY3JldCBrZXkKUlVTU1luWDFhdTNYTFpvZkNhQUpoRG9lVGZ0MnQ3dE5VQjNHbENvTWpPdXdLVzV4NTE0TnlBdXhmN1RoTVVTMlRVRldZNGRzUXFkcHU1UEIwZ0oxNmswRVQzYUdla1EwNFF3PQp0cnVzdGVkIGNvbW1lbnQ6IHRpbWVzdGFtcDoxNzk1NTk5NjQ0CWZpbGU6Zi50eHQKNHEyRnJsV1BKdVpjUEp5RHZPZjdKR0F2M0J5QUxxRTk3eUw5Rm5UeVJaOVg4Mm1QVFhWTVVYdlR6S2VVa2U0ODBTYVVuajFVS0xCdzhJeHEwZWQzRHc9PQo=";

    fn pair() -> (UpdateKey, KeyPair) {
        let pair = KeyPair::generate_unencrypted_keypair().unwrap();
        let public = STANDARD.encode(pair.pk.to_box().unwrap().to_string());
        (UpdateKey::parse(&public).unwrap(), pair)
    }

    fn sign(pair: &KeyPair, data: &[u8]) -> String {
        let signature = minisign::sign(None, &pair.sk, Cursor::new(data), None, None).unwrap();
        STANDARD.encode(signature.to_string())
    }

    #[test]
    fn a_tauri_signer_signature_verifies_with_its_key() {
        let key = UpdateKey::parse(TAURI_KEY).unwrap();
        assert_eq!(key.id(), "2DD7ED6AF5756292");
        let checked = key.check(TAURI_SIG, Cursor::new(b"hello\n")).unwrap();
        assert_eq!(
            checked,
            SignatureCheck {
                key_id: "2DD7ED6AF5756292".into(),
                bytes: 6
            }
        );
    }

    #[test]
    fn the_key_may_be_given_as_its_file_or_its_line() {
        let file = String::from_utf8(STANDARD.decode(TAURI_KEY).unwrap()).unwrap();
        assert_eq!(UpdateKey::parse(&file).unwrap().id(), "2DD7ED6AF5756292");
        let line = file.lines().nth(1).unwrap();
        assert_eq!(UpdateKey::parse(line).unwrap().id(), "2DD7ED6AF5756292");
    }

    #[test]
    fn no_key_or_a_broken_key_is_update_key_missing() {
        assert_eq!(
            UpdateKey::parse("  ").unwrap_err().code(),
            ErrorCode::UpdateKeyMissing
        );
        assert_eq!(
            UpdateKey::parse("REPLACE_WITH_THE_PUBLIC_KEY")
                .unwrap_err()
                .code(),
            ErrorCode::UpdateKeyMissing
        );
    }

    #[test]
    fn a_changed_byte_is_refused() {
        let key = UpdateKey::parse(TAURI_KEY).unwrap();
        let err = key.check(TAURI_SIG, Cursor::new(b"hellp\n")).unwrap_err();
        assert_eq!(err.code(), ErrorCode::UpdateSignatureInvalid);
    }

    #[test]
    fn another_keys_signature_is_refused_naming_both_keys() {
        let (ours, _) = pair();
        let (_, theirs) = pair();
        let err = ours
            .check(&sign(&theirs, b"package"), Cursor::new(b"package"))
            .unwrap_err();
        assert_eq!(err.code(), ErrorCode::UpdateSignatureInvalid);
        assert!(err.to_string().contains(ours.id()), "{err}");
    }

    #[test]
    fn a_garbled_signature_is_refused() {
        let key = UpdateKey::parse(TAURI_KEY).unwrap();
        for sig in ["", "not base64 at all", "dW50cnVzdGVk"] {
            assert_eq!(
                key.check(sig, Cursor::new(b"hello\n")).unwrap_err().code(),
                ErrorCode::UpdateSignatureInvalid
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn only_the_exact_signed_bytes_verify(data in proptest::collection::vec(any::<u8>(), 1..2048), at in any::<usize>(), flip in 1u8..) {
            let (key, pair) = pair();
            let signature = sign(&pair, &data);
            prop_assert!(key.check(&signature, Cursor::new(&data)).is_ok());
            let mut changed = data.clone();
            let i = at % changed.len();
            changed[i] ^= flip;
            prop_assert_eq!(key.check(&signature, Cursor::new(&changed)).unwrap_err().code(), ErrorCode::UpdateSignatureInvalid);
            let mut garbled = signature.into_bytes();
            let j = at % garbled.len();
            garbled[j] = garbled[j].wrapping_add(flip);
            let garbled = String::from_utf8_lossy(&garbled).into_owned();
            if let Ok(checked) = key.check(&garbled, Cursor::new(&data)) {
                prop_assert_eq!(checked.bytes, data.len() as u64);
            }
        }
    }
}
