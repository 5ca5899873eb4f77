//! The app's clock: the system's, shifted in development builds by
//! `LANTERN_CLOCK_SHIFT_HOURS` so time-based rules (24-hour lockouts, re-checks) can be
//! tried in the real window without waiting. Release builds ignore the variable, so a
//! student cannot skip a lockout.

use chrono::{DateTime, Duration, Utc};
use lantern_core::clock::Clock;

/// The environment variable that shifts a development build's clock, in hours.
pub const CLOCK_SHIFT_VARIABLE: &str = "LANTERN_CLOCK_SHIFT_HOURS";

/// The system clock plus a fixed shift (zero in release builds).
#[derive(Debug, Clone, Copy, Default)]
pub struct AppClock {
    shift: Duration,
}

impl AppClock {
    /// The clock for this build: shifted by [`CLOCK_SHIFT_VARIABLE`] in development builds
    /// when it holds a number of hours, else the system clock.
    pub fn from_env() -> Self {
        let hours = std::env::var(CLOCK_SHIFT_VARIABLE).ok();
        Self::shifted(cfg!(debug_assertions), hours.as_deref())
    }

    /// The clock shifted by `hours` when `allowed` and it parses (fractions allowed).
    fn shifted(allowed: bool, hours: Option<&str>) -> Self {
        let shift = hours
            .filter(|_| allowed)
            .and_then(|h| h.trim().parse::<f64>().ok())
            .filter(|h| h.is_finite() && h.abs() < 24.0 * 366.0)
            .map_or_else(Duration::zero, |h| {
                // Within ±366 days the product fits an i64 of milliseconds.
                #[allow(clippy::cast_possible_truncation)]
                Duration::milliseconds((h * 3_600_000.0).round() as i64)
            });
        Self { shift }
    }
}

impl Clock for AppClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now() + self.shift
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_development_build_shifts_by_the_hours_given() {
        let clock = AppClock::shifted(true, Some("25"));
        let ahead = clock.now() - Utc::now();
        assert!(ahead > Duration::hours(24) && ahead <= Duration::hours(25));
    }

    #[test]
    fn a_release_build_or_a_bad_value_keeps_the_system_time() {
        for clock in [
            AppClock::shifted(false, Some("25")),
            AppClock::shifted(true, Some("soon")),
            AppClock::shifted(true, Some("1e12")),
            AppClock::shifted(true, None),
        ] {
            assert!((clock.now() - Utc::now()).num_seconds().abs() < 5);
        }
    }
}
