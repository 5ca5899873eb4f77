//! A cursor over the bytes of a JSON text, for finding where a field is written: it
//! reads any text without panicking, and stops (`None`) where the text is not JSON.

/// A cursor over the bytes of a JSON text.
pub(super) struct Cursor<'a> {
    /// The text.
    pub bytes: &'a [u8],
    /// Where the cursor is.
    pub at: usize,
}

impl<'a> Cursor<'a> {
    /// The byte here.
    pub fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// Moves past white space.
    pub fn skip_space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    /// Moves past white space and `byte`, when `byte` is next.
    pub fn eat(&mut self, byte: u8) -> Option<()> {
        self.skip_space();
        (self.peek() == Some(byte)).then(|| self.at += 1)
    }

    /// The raw text of the string starting here (escapes kept), the cursor after it.
    pub fn string(&mut self) -> Option<&'a [u8]> {
        if self.peek() != Some(b'"') {
            return None;
        }
        let start = self.at + 1;
        let mut i = start;
        loop {
            match self.bytes.get(i)? {
                b'\\' => i += 2,
                b'"' => break,
                _ => i += 1,
            }
        }
        self.at = i + 1;
        self.bytes.get(start..i)
    }

    /// Moves past the value starting here (nested values without recursion).
    pub fn skip_value(&mut self) -> Option<()> {
        self.skip_space();
        let mut depth = 0usize;
        loop {
            match self.peek()? {
                b'"' => {
                    self.string()?;
                }
                b'{' | b'[' => {
                    depth += 1;
                    self.at += 1;
                }
                b'}' | b']' => {
                    depth = depth.checked_sub(1)?;
                    self.at += 1;
                }
                _ if depth == 0 => {
                    while self.peek().is_some_and(|b| !b",}] \t\r\n".contains(&b)) {
                        self.at += 1;
                    }
                }
                _ => self.at += 1,
            }
            if depth == 0 {
                return Some(());
            }
        }
    }
}
