//! A pack's JSON file read for its top-level lists without building them. The text is
//! first checked as `serde_json::from_str::<Value>` checks it (same errors, same lines);
//! then a list's first elements are taken as slices of the text, and the rest only
//! counted. A crafted `course.json` of four million `7`s is then a thousand slices and a
//! count, and a unit holding a million small objects is read as its own text, not as a
//! `Value` tree of ~100 bytes for each byte.

use super::json_cursor::Cursor;
use serde::de::{Deserializer, Error, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;

/// A list of a JSON object: its first elements, each as its text, and its length.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct ListHead<'a> {
    /// The text of each of the first elements, at most as many as asked for.
    pub items: Vec<&'a str>,
    /// How many elements the list holds.
    pub len: usize,
}

/// The lists `keys` (name, most elements kept) of the JSON object `text`, in the order of
/// `keys`: `None` for a key that is absent or not an array, or when `text` is not an
/// object (of a key given twice, the last counts, as in a `Value`). The error is the one
/// `serde_json::from_str::<Value>(text)` gives.
pub(crate) fn read_lists<'a>(
    text: &'a str,
    keys: &[(&str, usize)],
) -> Result<Vec<Option<ListHead<'a>>>, serde_json::Error> {
    serde_json::from_str::<Skip>(text)?;
    Ok(keys
        .iter()
        .map(|(key, max)| member(text, key).and_then(|list| elements(list, *max)))
        .collect())
}

/// The text of the value of the last member `key` of the object written in `object`
/// (valid JSON); `None` when it is not an object or has no such member.
pub(crate) fn member<'a>(object: &'a str, key: &str) -> Option<&'a str> {
    let mut cursor = Cursor {
        bytes: object.as_bytes(),
        at: 0,
    };
    cursor.eat(b'{')?;
    let mut found = None;
    loop {
        cursor.skip_space();
        let key_at = cursor.at;
        let Some(raw) = cursor.string() else {
            return found;
        };
        let same = if raw.contains(&b'\\') {
            let quoted = object.get(key_at..cursor.at)?;
            serde_json::from_str::<String>(quoted).is_ok_and(|name| name == key)
        } else {
            raw == key.as_bytes()
        };
        cursor.eat(b':')?;
        cursor.skip_space();
        let value_at = cursor.at;
        cursor.skip_value()?;
        if same {
            found = object.get(value_at..cursor.at);
        }
        if cursor.eat(b',').is_none() {
            return found;
        }
    }
}

/// The first `max` elements of the array written in `array` (valid JSON), each as its
/// text, and how many it holds; `None` when it is not an array.
pub(crate) fn elements(array: &str, max: usize) -> Option<ListHead<'_>> {
    let mut cursor = Cursor {
        bytes: array.as_bytes(),
        at: 0,
    };
    cursor.eat(b'[')?;
    let mut head = ListHead::default();
    loop {
        cursor.skip_space();
        if matches!(cursor.peek(), Some(b']') | None) {
            return Some(head);
        }
        let start = cursor.at;
        cursor.skip_value()?;
        if head.items.len() < max {
            head.items.push(array.get(start..cursor.at)?);
        }
        head.len += 1;
        if cursor.eat(b',').is_none() {
            return Some(head);
        }
    }
}

/// Any JSON value, read as a `Value` would be (strings decoded, numbers parsed, depth
/// limited) and dropped: `from_str::<Skip>` fails exactly where `from_str::<Value>` does.
struct Skip;

impl<'de> Deserialize<'de> for Skip {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(Skip)
    }
}

impl<'de> Visitor<'de> for Skip {
    type Value = Skip;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_unit<E: Error>(self) -> Result<Skip, E> {
        Ok(Skip)
    }

    fn visit_bool<E: Error>(self, _: bool) -> Result<Skip, E> {
        Ok(Skip)
    }

    fn visit_i64<E: Error>(self, _: i64) -> Result<Skip, E> {
        Ok(Skip)
    }

    fn visit_u64<E: Error>(self, _: u64) -> Result<Skip, E> {
        Ok(Skip)
    }

    fn visit_f64<E: Error>(self, _: f64) -> Result<Skip, E> {
        Ok(Skip)
    }

    fn visit_str<E: Error>(self, _: &str) -> Result<Skip, E> {
        Ok(Skip)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Skip, A::Error> {
        while seq.next_element::<Skip>()?.is_some() {}
        Ok(Skip)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Skip, A::Error> {
        while map.next_entry::<Skip, Skip>()?.is_some() {}
        Ok(Skip)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::Value;

    fn lists(text: &str) -> Vec<Option<(usize, usize)>> {
        read_lists(text, &[("units", 2), ("edges", 5)])
            .unwrap()
            .into_iter()
            .map(|l| l.map(|l| (l.items.len(), l.len)))
            .collect()
    }

    #[test]
    fn the_first_elements_are_kept_as_text_and_the_rest_counted() {
        let text = r#"{"units": [ {"id": "a,]"} , 2,[3], "4"], "edges": [], "other": [1, 2]}"#;
        let read = read_lists(text, &[("units", 2), ("edges", 5)]).unwrap();
        let units = read[0].as_ref().unwrap();
        assert_eq!(
            (units.items.clone(), units.len),
            (vec![r#"{"id": "a,]"}"#, "2"], 4)
        );
        assert_eq!(read[1].as_ref().map(|l| l.len), Some(0));
    }

    #[test]
    fn what_is_not_an_array_or_not_an_object_has_no_lists() {
        assert_eq!(
            lists(r#"{"units": {"a": [1]}, "edges": 7}"#),
            vec![None, None]
        );
        assert_eq!(lists("[1, 2]"), vec![None, None]);
        assert_eq!(lists("{}"), vec![None, None]);
    }

    #[test]
    fn a_key_is_read_as_a_value_reads_it_the_last_of_twice_and_unescaped() {
        let text = r#"{"edges": [1], "edg\u0065s": [1, 2, 3], "units": [], "units": [1]}"#;
        assert_eq!(lists(text), vec![Some((1, 1)), Some((3, 3))]);
        assert_eq!(
            member(r#"{"a": {"b": 1}, "c": "d"}"#, "a"),
            Some(r#"{"b": 1}"#)
        );
        assert_eq!(member(r#"{"a": 1}"#, "b"), None);
    }

    #[test]
    fn four_million_items_are_counted_not_kept() {
        let text = format!(r#"{{"units": [{}7]}}"#, "7,".repeat(4_000_000));
        assert_eq!(lists(&text), vec![Some((2, 4_000_001)), None]);
    }

    #[test]
    fn errors_are_serde_jsons_own() {
        for text in [
            r#"{"a": "\ud800"}"#,
            "{\n\"units\": [1,,]}",
            "{} x",
            "\u{a0}{}",
            "",
        ] {
            let ours = read_lists(text, &[("units", 1)])
                .err()
                .map(|e| e.to_string());
            let theirs = serde_json::from_str::<Value>(text)
                .err()
                .map(|e| e.to_string());
            assert!(ours.is_some(), "{text}");
            assert_eq!(ours, theirs, "{text}");
        }
    }

    proptest! {
        #[test]
        fn any_text_fails_exactly_when_serde_json_fails_and_at_the_same_place(
            text in r#"[{}\[\]",:0-9a-z\\ \n]{0,40}"#,
        ) {
            let ours = read_lists(&text, &[("a", 1)]).err().map(|e| e.to_string());
            let theirs = serde_json::from_str::<Value>(&text).err().map(|e| e.to_string());
            prop_assert_eq!(ours, theirs);
        }

        #[test]
        fn lists_agree_with_serde_json_values(
            items in proptest::collection::vec(r#"(7|"a\\"]"|\[\]|\{"b": \[1, "\}"\]\}|null)"#, 0..8),
            max in 0usize..10,
        ) {
            let text = format!(r#"{{"x": 1, "list": [{}], "y": {{}}}}"#, items.join(" , "));
            let value: Value = serde_json::from_str(&text).unwrap();
            let expected = value["list"].as_array().unwrap();
            let head = read_lists(&text, &[("list", max)]).unwrap().remove(0).unwrap();
            prop_assert_eq!(head.len, expected.len());
            let kept: Vec<Value> = head.items.iter().map(|t| serde_json::from_str(t).unwrap()).collect();
            prop_assert_eq!(&kept[..], &expected[..max.min(expected.len())]);
        }
    }
}
