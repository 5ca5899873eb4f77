//! Minutes on task from the times a student did something: the gaps between
//! consecutive moments, each counted up to [`MAX_GAP_MINUTES`] (a longer gap is a
//! break, not work). A first moment counts as one minute of reading.

use chrono::{DateTime, Utc};

/// The longest gap between two moments that counts in full, in minutes.
pub const MAX_GAP_MINUTES: i64 = 5;

/// Minutes on task from `moments` (any order).
pub fn minutes_on_task(moments: &[DateTime<Utc>]) -> u32 {
    let mut sorted = moments.to_vec();
    sorted.sort();
    let Some(first) = sorted.first() else {
        return 0;
    };
    let cap = MAX_GAP_MINUTES * 60_000;
    let mut last = *first;
    let mut millis: i64 = 60_000;
    for moment in &sorted[1..] {
        millis += (*moment - last).num_milliseconds().clamp(0, cap);
        last = *moment;
    }
    u32::try_from((millis + 30_000) / 60_000).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(minute: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + minute * 60, 0).unwrap()
    }

    #[test]
    fn nothing_done_is_no_time() {
        assert_eq!(minutes_on_task(&[]), 0);
    }

    #[test]
    fn one_moment_is_one_minute() {
        assert_eq!(minutes_on_task(&[at(0)]), 1);
    }

    #[test]
    fn short_gaps_count_in_full_and_long_gaps_count_as_a_break() {
        // 1 + 2 + 3 + 5 (a two-hour break counts five minutes)
        assert_eq!(minutes_on_task(&[at(125), at(0), at(2), at(5)]), 11);
    }
}
