//! A JSON list read within a limit: the first elements are built, the rest only counted
//! (skipped as [`IgnoredAny`]), so a crafted list of millions of items costs no more
//! than skipping its text. Shared by the hand-in's statements and a pack's inner lists.

use serde::de::{Deserialize, Deserializer, IgnoredAny, SeqAccess, Visitor};
use std::fmt;
use std::marker::PhantomData;

/// The elements kept and how many the list had.
#[derive(Debug)]
pub struct CountedList<T> {
    /// The first elements, at most the limit.
    pub kept: Vec<T>,
    /// How many the list had.
    pub count: usize,
}

/// Reads a list, building its first `max` elements and counting the rest.
pub fn keep_first<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
    max: usize,
) -> Result<CountedList<T>, D::Error> {
    deserializer.deserialize_seq(KeepFirst {
        max,
        items: PhantomData,
    })
}

struct KeepFirst<T> {
    max: usize,
    items: PhantomData<T>,
}

impl<'de, T: Deserialize<'de>> Visitor<'de> for KeepFirst<T> {
    type Value = CountedList<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a sequence of at most {} items", self.max)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut kept = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(self.max));
        while kept.len() < self.max {
            match seq.next_element()? {
                Some(item) => kept.push(item),
                None => {
                    let count = kept.len();
                    return Ok(CountedList { kept, count });
                }
            }
        }
        let mut count = kept.len();
        while seq.next_element::<IgnoredAny>()?.is_some() {
            count += 1;
        }
        Ok(CountedList { kept, count })
    }
}
