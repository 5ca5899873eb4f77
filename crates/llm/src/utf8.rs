//! Turning streamed token bytes into complete UTF-8 text.

/// Buffers token bytes and releases only complete UTF-8 characters.
///
/// A token can end in the middle of a multi-byte character (accents, emoji, CJK);
/// its remaining bytes arrive with the next token.
#[derive(Debug, Default)]
pub struct Utf8Stream {
    pending: Vec<u8>,
}

impl Utf8Stream {
    /// Adds `bytes` and returns the text that is now complete.
    pub fn push(&mut self, bytes: &[u8]) -> String {
        self.pending.extend_from_slice(bytes);
        let mut out = String::new();
        loop {
            match std::str::from_utf8(&self.pending) {
                Ok(text) => {
                    out.push_str(text);
                    self.pending.clear();
                    return out;
                }
                Err(e) => {
                    let valid = e.valid_up_to();
                    out.push_str(std::str::from_utf8(&self.pending[..valid]).unwrap_or_default());
                    match e.error_len() {
                        Some(bad) => {
                            out.push(char::REPLACEMENT_CHARACTER);
                            self.pending.drain(..valid + bad);
                        }
                        None => {
                            self.pending.drain(..valid);
                            return out;
                        }
                    }
                }
            }
        }
    }

    /// Returns whatever is left at the end of the stream (invalid bytes replaced).
    pub fn finish(&mut self) -> String {
        let rest = String::from_utf8_lossy(&self.pending).into_owned();
        self.pending.clear();
        rest
    }
}

#[cfg(test)]
mod tests {
    use super::Utf8Stream;

    #[test]
    fn split_characters_are_held_until_complete() {
        let mut s = Utf8Stream::default();
        let bytes = "¿Qué?🎉".as_bytes();
        let mut out = String::new();
        for b in bytes {
            out.push_str(&s.push(&[*b]));
        }
        out.push_str(&s.finish());
        assert_eq!(out, "¿Qué?🎉");
    }

    #[test]
    fn partial_character_is_not_emitted_early() {
        let mut s = Utf8Stream::default();
        assert_eq!(s.push(&[b'a', 0xC3]), "a");
        assert_eq!(s.push(&[0xA9]), "é");
    }

    #[test]
    fn invalid_bytes_become_replacement_characters() {
        let mut s = Utf8Stream::default();
        assert_eq!(s.push(&[b'x', 0xFF, b'y']), "x\u{FFFD}y");
        assert_eq!(s.push(&[0xE2, 0x82]), "");
        assert_eq!(s.finish(), "\u{FFFD}");
    }
}
