//! The one rule for the ids of course and module packs, which become folder names under
//! the media folder (`media/courses/<id>`, `media/modules/module-<id>`): a letter or a
//! digit, then at most 63 letters, digits, `.`, `_` or `-`. No separator, no `..`, no
//! leading dot, nothing a file system treats specially.

/// Longest pack id, in characters.
pub const MAX_PACK_ID_CHARS: usize = 64;

/// Whether `id` matches `[A-Za-z0-9][A-Za-z0-9._-]{0,63}`.
pub fn is_pack_id(id: &str) -> bool {
    let mut chars = id.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
        && id.len() <= MAX_PACK_ID_CHARS
        && chars.all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn ordinary_ids_are_pack_ids() {
        for id in [
            "grade10-algebra",
            "GEO.1_a",
            "reports",
            "modules",
            "x",
            &"a".repeat(64),
        ] {
            assert!(is_pack_id(id), "{id}");
        }
    }

    #[test]
    fn separators_dots_blanks_and_long_ids_are_not() {
        for id in [
            "",
            ".",
            "..",
            ".hidden",
            "-x",
            "_x",
            "a/b",
            "a\\b",
            "../reports",
            "a b",
            "a\0b",
            "é",
            &"a".repeat(65),
        ] {
            assert!(!is_pack_id(id), "{id:?}");
        }
    }

    proptest! {
        #[test]
        fn a_pack_id_is_one_plain_path_component(id in "\\PC{0,70}") {
            if is_pack_id(&id) {
                let path = std::path::Path::new(&id);
                prop_assert_eq!(path.components().count(), 1);
                prop_assert!(matches!(path.components().next(), Some(std::path::Component::Normal(_))));
                prop_assert!(!id.starts_with('.'));
            }
        }
    }
}
