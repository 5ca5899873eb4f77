//! A pack's inner lists (a unit's misconceptions, a drill's mistakes) read within their
//! import limits: the first elements are built, the rest only counted
//! ([`keep_first`]), and a list over its limit fails the parse with a message that
//! [`over_limit`] recognises, so it is reported as `import_too_many_items` on the list's
//! path, and the parse of a crafted list costs no more than skipping its text.

use super::drills::MistakePattern;
use super::misconception::Misconception;
use crate::import_limits::{MAX_MISCONCEPTIONS, MAX_MISTAKES};
use lantern_core::counted_list::keep_first;
use serde::de::{Deserialize, Deserializer, Error};

/// How the error of a list over its limit starts; the rest is `N items; the limit is M`.
const OVER_LIMIT: &str = "list over its import limit: ";

/// The detail (`N items; the limit is M`) of a serde message for a list over its limit.
pub(crate) fn over_limit(message: &str) -> Option<&str> {
    message.strip_prefix(OVER_LIMIT)
}

/// A unit's misconceptions, at most [`MAX_MISCONCEPTIONS`].
pub(crate) fn misconceptions<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<Misconception>, D::Error> {
    at_most(deserializer, MAX_MISCONCEPTIONS)
}

/// A drill's foreseen mistakes, at most [`MAX_MISTAKES`].
pub(crate) fn mistakes<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<MistakePattern>, D::Error> {
    at_most(deserializer, MAX_MISTAKES)
}

/// A list of at most `max` elements; a longer one is counted and refused.
fn at_most<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
    max: usize,
) -> Result<Vec<T>, D::Error> {
    let list = keep_first(deserializer, max)?;
    if list.count > max {
        return Err(D::Error::custom(format!(
            "{OVER_LIMIT}{} items; the limit is {max}",
            list.count
        )));
    }
    Ok(list.kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    struct Unit {
        #[serde(deserialize_with = "misconceptions")]
        m: Vec<Misconception>,
    }

    fn read(n: usize) -> Result<usize, String> {
        let text = format!(r#"{{"m": [{}]}}"#, vec![r#""a""#; n].join(","));
        serde_json::from_str::<Unit>(&text)
            .map(|u| u.m.len())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_list_within_its_limit_is_read_whole_and_a_longer_one_counted_and_refused() {
        assert_eq!(read(0), Ok(0));
        assert_eq!(read(MAX_MISCONCEPTIONS), Ok(MAX_MISCONCEPTIONS));
        let e = read(MAX_MISCONCEPTIONS + 7).unwrap_err();
        let detail = over_limit(&e).unwrap();
        assert!(detail.starts_with("57 items; the limit is 50"), "{e}");
        assert_eq!(over_limit("invalid type: string"), None);
    }
}
