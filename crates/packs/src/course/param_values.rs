//! The values a drill parameter may take — its range without its excluded values — and
//! the k-th of them, found without listing them. Listing them for every draw, and
//! looking each up in the excluded list, cost range × excluded steps a draw: a crafted
//! template (100,001 values, 40,000 excluded) kept a check or an import busy for hours,
//! and a range from `i64::MIN` to `i64::MAX` overflowed the width test into a
//! never-ending list.

use super::drills::ParamRange;

/// Widest a parameter's range may be (`max - min`); a wider one has no value to draw.
const MAX_WIDTH: i128 = 100_000;

/// A parameter's allowed values, ascending: `min..=max` without the excluded ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Allowed {
    min: i64,
    /// The excluded values inside the range, ascending, each once.
    excluded: Vec<i64>,
    count: usize,
}

impl Allowed {
    /// The values `range` allows; `None` when it allows none (min above max, every
    /// value excluded, or wider than 100,000).
    pub fn new(range: &ParamRange) -> Option<Self> {
        let width = i128::from(range.max) - i128::from(range.min);
        if !(0..=MAX_WIDTH).contains(&width) {
            return None;
        }
        let inside = range.min..=range.max;
        let mut excluded: Vec<i64> = range
            .exclude
            .iter()
            .copied()
            .filter(|v| inside.contains(v))
            .collect();
        excluded.sort_unstable();
        excluded.dedup();
        let count = usize::try_from(width).ok()? + 1 - excluded.len();
        (count > 0).then_some(Self {
            min: range.min,
            excluded,
            count,
        })
    }

    /// How many values are allowed (at least one).
    pub fn len(&self) -> usize {
        self.count
    }

    /// The `k`-th allowed value, from 0 (`k` below [`Allowed::len`]): `min + k`, moved up
    /// past each excluded value at or below it.
    pub fn nth(&self, k: usize) -> i64 {
        let k = i64::try_from(k).unwrap_or(i64::MAX);
        // Below the i-th excluded value lie `e_i - min - i` allowed ones, rising with i:
        // the value is past exactly the excluded values with at most k below them.
        let (mut low, mut high) = (0, self.excluded.len());
        while low < high {
            let mid = (low + high) / 2;
            let below = self.excluded[mid] - self.min - i64::try_from(mid).unwrap_or(i64::MAX);
            if below <= k {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        self.min + k + i64::try_from(low).unwrap_or(i64::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn range(min: i64, max: i64, exclude: &[i64]) -> ParamRange {
        ParamRange {
            min,
            max,
            exclude: exclude.to_vec(),
        }
    }

    /// The allowed values listed one by one, as drills were drawn before.
    fn listed(range: &ParamRange) -> Vec<i64> {
        (range.min..=range.max)
            .filter(|v| !range.exclude.contains(v))
            .collect()
    }

    #[test]
    fn excluded_values_are_skipped() {
        let allowed = Allowed::new(&range(-2, 3, &[0, 3, 9, 0])).unwrap();
        assert_eq!(allowed.len(), 4);
        let values: Vec<i64> = (0..4).map(|k| allowed.nth(k)).collect();
        assert_eq!(values, vec![-2, -1, 1, 2]);
    }

    #[test]
    fn empty_and_overwide_ranges_allow_nothing() {
        assert_eq!(Allowed::new(&range(3, 2, &[])), None);
        assert_eq!(Allowed::new(&range(1, 2, &[2, 1])), None);
        assert_eq!(Allowed::new(&range(0, 100_001, &[])), None);
        assert_eq!(Allowed::new(&range(i64::MIN, i64::MAX, &[])), None);
        assert_eq!(
            Allowed::new(&range(0, 100_000, &[])).map(|a| a.len()),
            Some(100_001)
        );
    }

    #[test]
    fn a_wide_range_with_many_exclusions_is_drawn_from_at_once() {
        let exclude: Vec<i64> = (0..40_000).map(|i| i * 2).collect();
        let allowed = Allowed::new(&range(0, 100_000, &exclude)).unwrap();
        assert_eq!(allowed.len(), 60_001);
        assert_eq!(allowed.nth(0), 1);
        assert_eq!(allowed.nth(39_999), 79_999);
        assert_eq!(allowed.nth(40_000), 80_000);
        assert_eq!(allowed.nth(60_000), 100_000);
    }

    proptest! {
        #[test]
        fn the_kth_value_is_the_kth_of_the_list(
            min in -50i64..50,
            width in 0i64..60,
            exclude in proptest::collection::vec(-60i64..120, 0..40),
            pick in any::<prop::sample::Index>(),
        ) {
            let range = range(min, min + width, &exclude);
            let list = listed(&range);
            match Allowed::new(&range) {
                None => prop_assert!(list.is_empty()),
                Some(allowed) => {
                    prop_assert_eq!(allowed.len(), list.len());
                    let k = pick.index(list.len());
                    prop_assert_eq!(allowed.nth(k), list[k]);
                }
            }
        }
    }
}
