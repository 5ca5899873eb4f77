//! Repairing mojibake: UTF-8 text that was read as Windows-1252 or Latin-1 somewhere and
//! written back ("ðŸŽ‰" for 🎉, "Ã©" for é). Lantern keeps text UTF-8 end to end; this
//! repairs what a model or a file brings in already broken.

/// The Windows-1252 byte a character stands for, when it is one.
fn cp1252_byte(c: char) -> Option<u8> {
    let special = match c {
        '€' => 0x80,
        '‚' => 0x82,
        'ƒ' => 0x83,
        '„' => 0x84,
        '…' => 0x85,
        '†' => 0x86,
        '‡' => 0x87,
        'ˆ' => 0x88,
        '‰' => 0x89,
        'Š' => 0x8A,
        '‹' => 0x8B,
        'Œ' => 0x8C,
        'Ž' => 0x8E,
        '‘' => 0x91,
        '’' => 0x92,
        '“' => 0x93,
        '”' => 0x94,
        '•' => 0x95,
        '–' => 0x96,
        '—' => 0x97,
        '˜' => 0x98,
        '™' => 0x99,
        'š' => 0x9A,
        '›' => 0x9B,
        'œ' => 0x9C,
        'ž' => 0x9E,
        'Ÿ' => 0x9F,
        _ => return u8::try_from(u32::from(c)).ok(),
    };
    Some(special)
}

/// How many bytes a UTF-8 sequence starting with `lead` has (0 when it cannot lead).
fn sequence_len(lead: u8) -> usize {
    match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 0,
    }
}

/// `text` with every run of characters that are the Windows-1252 (or Latin-1) reading
/// of a UTF-8 sequence replaced by what the sequence encodes. Text without such runs is
/// returned unchanged ("café", "naïve", "Ñandú" stay as they are).
pub fn repair_mojibake(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let lead = cp1252_byte(chars[i]).filter(|b| *b >= 0xC2);
        let len = lead.map_or(0, sequence_len);
        if len > 0 && i + len <= chars.len() {
            let bytes: Option<Vec<u8>> =
                chars[i..i + len].iter().map(|c| cp1252_byte(*c)).collect();
            let decoded = bytes
                .filter(|b| b[1..].iter().all(|x| (0x80..=0xBF).contains(x)))
                .and_then(|b| String::from_utf8(b).ok());
            if let Some(decoded) = decoded {
                out.push_str(&decoded);
                i += len;
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spec_emoji_and_accents_are_repaired() {
        assert_eq!(
            repair_mojibake("ðŸŽ‰ Great Progress!"),
            "🎉 Great Progress!"
        );
        assert_eq!(repair_mojibake("cafÃ© y sesiÃ³n"), "café y sesión");
    }

    #[test]
    fn correct_text_is_left_alone() {
        for text in [
            "café",
            "naïve",
            "Ñandú",
            "¿Qué tal?",
            "🎉 50 %",
            "Â",
            "plain",
        ] {
            assert_eq!(repair_mojibake(text), text);
        }
    }
}
