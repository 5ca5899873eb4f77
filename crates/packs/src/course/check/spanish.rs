//! Spanish for the problems whose rule has no Spanish of its own: serde's messages about
//! a JSON file (a syntax error, a missing or unknown field, a wrong type) and the
//! readers' errors (a file too large, a link, a zip that cannot be read). What cannot
//! be translated is kept in English after a Spanish summary. The Spanish is the
//! `packs-detail-*`, `packs-json-*`, `packs-serde-*` and `packs-type-*` messages; the
//! English phrases matched here are serde's own.

use crate::course::PackErrorKind;
use crate::messages::MESSAGES;
use lantern_core::language::Language::Es;
use lantern_core::say;

/// serde's words for JSON's types and what it expected, with the message saying each.
const TYPE_WORDS: [(&str, &str); 14] = [
    ("one of ", "packs-type-one-of"),
    (" or ", "packs-type-or"),
    ("a string", "packs-type-a-string"),
    ("a sequence", "packs-type-a-sequence"),
    ("a map", "packs-type-a-map"),
    ("a boolean", "packs-type-a-boolean"),
    ("u32", "packs-type-u32"),
    ("i64", "packs-type-i64"),
    ("f64", "packs-type-f64"),
    ("struct ", "packs-type-struct"),
    ("integer", "packs-type-integer"),
    ("floating point", "packs-type-floating-point"),
    ("boolean", "packs-type-boolean"),
    ("sequence", "packs-type-sequence"),
];

/// `text` with serde's type words in Spanish, each keeping the spaces around it.
fn spanish_words(text: &str) -> String {
    TYPE_WORDS.iter().fold(text.to_string(), |t, (en, id)| {
        let before = &en[..en.len() - en.trim_start().len()];
        let after = &en[en.trim_end().len()..];
        let es = MESSAGES.say(Es, id, &[]);
        t.replace(en, &format!("{before}{es}{after}"))
    })
}

/// serde's message about a field, in Spanish, when it has one of the usual forms.
fn serde_field_message(detail: &str) -> Option<String> {
    let (head, expected) = detail
        .split_once(", expected ")
        .map_or((detail, None), |(h, e)| (h, Some(e)));
    let expected = expected
        .map(|e| {
            say!(
                MESSAGES,
                Es,
                "packs-serde-expected",
                what = &spanish_words(e)
            )
        })
        .unwrap_or_default();
    let said = if let Some(name) = head.strip_prefix("missing field ") {
        say!(MESSAGES, Es, "packs-serde-missing-field", name = name)
    } else if let Some(name) = head.strip_prefix("unknown field ") {
        say!(MESSAGES, Es, "packs-serde-unknown-field", name = name)
    } else if let Some(value) = head.strip_prefix("unknown variant ") {
        say!(MESSAGES, Es, "packs-serde-unknown-variant", value = value)
    } else if let Some(found) = head.strip_prefix("invalid type: ") {
        let found = spanish_words(found);
        say!(MESSAGES, Es, "packs-serde-invalid-type", found = &found)
    } else if let Some(found) = head.strip_prefix("invalid value: ") {
        say!(MESSAGES, Es, "packs-serde-invalid-value", found = found)
    } else if let Some(found) = head.strip_prefix("invalid length ") {
        say!(MESSAGES, Es, "packs-serde-invalid-length", found = found)
    } else if head.starts_with("data did not match any variant") {
        say!(MESSAGES, Es, "packs-serde-no-variant")
    } else {
        return None;
    };
    Some(format!("{said}{expected}"))
}

/// serde_json's syntax messages, with the message saying each.
const SYNTAX: [(&str, &str); 10] = [
    ("EOF while parsing", "packs-json-eof"),
    ("trailing comma", "packs-json-trailing-comma"),
    ("expected `,` or `}`", "packs-json-expected-comma-or-brace"),
    (
        "expected `,` or `]`",
        "packs-json-expected-comma-or-bracket",
    ),
    ("expected `:`", "packs-json-expected-colon"),
    ("key must be a string", "packs-json-key-string"),
    ("expected value", "packs-json-expected-value"),
    ("trailing characters", "packs-json-trailing-characters"),
    ("invalid escape", "packs-json-invalid-escape"),
    ("control character", "packs-json-control-character"),
];

/// The message summing up an error of `kind` (not a JSON syntax error).
fn summary(kind: PackErrorKind) -> &'static str {
    match kind {
        PackErrorKind::InvalidField => "packs-detail-invalid-field",
        PackErrorKind::InvalidJson => "packs-json-not-valid",
        PackErrorKind::NotFound => "packs-detail-not-found",
        PackErrorKind::Unreadable => "packs-detail-unreadable",
        PackErrorKind::MissingFile => "packs-detail-missing-file",
        PackErrorKind::DuplicateId => "packs-detail-duplicate-id",
        PackErrorKind::UnknownUnit => "packs-detail-unknown-unit",
        PackErrorKind::Cycle => "packs-detail-cycle",
        PackErrorKind::MissingCorrectOption => "packs-detail-missing-correct-option",
        PackErrorKind::UnsupportedContent => "packs-detail-unsupported-content",
        PackErrorKind::PdfUnreadable => "packs-detail-pdf-unreadable",
        PackErrorKind::InvalidDrill => "packs-detail-invalid-drill",
        PackErrorKind::TooLarge => "packs-detail-too-large",
        PackErrorKind::TooManyEntries => "packs-detail-too-many-entries",
        PackErrorKind::CompressionRatio => "packs-detail-compression-ratio",
        PackErrorKind::DuplicatePath => "packs-detail-duplicate-path",
        PackErrorKind::TooManyItems => "packs-detail-too-many-items",
        PackErrorKind::Symlink => "packs-detail-symlink",
        PackErrorKind::TimedOut => "packs-detail-timed-out",
    }
}

/// A Spanish message for an error of `kind` whose English is `detail`.
pub fn spanish_detail(kind: PackErrorKind, detail: &str) -> String {
    if kind == PackErrorKind::InvalidField {
        if let Some(said) = serde_field_message(detail) {
            return said;
        }
    }
    if kind == PackErrorKind::InvalidJson {
        let what = SYNTAX
            .iter()
            .find(|(en, _)| detail.contains(en))
            .map_or(summary(kind), |(_, id)| id);
        let what = MESSAGES.say(Es, what, &[]);
        return say!(
            MESSAGES,
            Es,
            "packs-detail-invalid-json",
            what = &what,
            detail = detail
        );
    }
    let what = MESSAGES.say(Es, summary(kind), &[]);
    say!(MESSAGES, Es, "packs-detail", what = &what, detail = detail)
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_field_messages_are_translated() {
        assert_eq!(
            spanish_detail(PackErrorKind::InvalidField, "missing field `memo`"),
            "falta el campo `memo`"
        );
        assert_eq!(
            spanish_detail(
                PackErrorKind::InvalidField,
                "unknown variant `platinum`, expected one of `bronze`, `silver`, `gold`"
            ),
            "valor desconocido `platinum`; se esperaba uno de `bronze`, `silver`, `gold`"
        );
        assert_eq!(
            spanish_detail(
                PackErrorKind::InvalidField,
                "invalid type: integer `7`, expected a string"
            ),
            "tipo incorrecto: número entero `7`; se esperaba un texto"
        );
    }

    #[test]
    fn syntax_errors_and_reader_errors_keep_the_english_detail() {
        let es = spanish_detail(
            PackErrorKind::InvalidJson,
            "expected `,` or `}` at line 2 column 14",
        );
        assert!(es.starts_with("no es JSON válido: falta `,` o `}`"), "{es}");
        assert_eq!(
            spanish_detail(PackErrorKind::TooLarge, "9 MiB; at most 8 MiB"),
            "supera el límite de tamaño (9 MiB; at most 8 MiB)"
        );
    }
}
