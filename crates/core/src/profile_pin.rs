//! The rules of a profile's PIN: its shape, and how long guessing waits after wrong
//! tries. Hashing and storage are the store's; the rules are here so the app, the
//! command line and the tests share them.

use crate::error::{Coded, ErrorCode};
use std::fmt;

/// Fewest digits a PIN has.
pub const PIN_MIN_DIGITS: usize = 4;
/// Most digits a PIN has.
pub const PIN_MAX_DIGITS: usize = 12;
/// Wrong tries allowed in a row before the profile makes the next one wait.
pub const FREE_FAILURES: u32 = 5;
/// The wait after the first try past the free ones, in seconds; it doubles with each
/// further wrong try.
pub const FIRST_WAIT_SECONDS: i64 = 30;
/// The longest wait between two tries, in seconds (one hour).
pub const MAX_WAIT_SECONDS: i64 = 3_600;

/// A PIN of the right shape: 4 to 12 ASCII digits, nothing else (no spaces, no signs).
/// Its `Debug` never shows the digits.
#[derive(Clone, PartialEq, Eq)]
pub struct Pin(String);

impl Pin {
    /// Checks `raw` is 4 to 12 ASCII digits.
    pub fn parse(raw: &str) -> Result<Self, PinError> {
        let digits = raw.len();
        if (PIN_MIN_DIGITS..=PIN_MAX_DIGITS).contains(&digits)
            && raw.bytes().all(|b| b.is_ascii_digit())
        {
            Ok(Self(raw.to_string()))
        } else {
            Err(PinError::Malformed)
        }
    }

    /// The digits, for hashing or checking against a hash.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Pin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Pin(…)")
    }
}

/// How long the next try must wait after `failures` wrong tries in a row, in seconds:
/// none for the first [`FREE_FAILURES`], then 30 s, doubling, at most an hour.
pub fn wait_after(failures: u32) -> Option<i64> {
    let past_free = failures.checked_sub(FREE_FAILURES)?;
    let doubling = 2_i64.checked_pow(past_free).unwrap_or(i64::MAX);
    Some(
        FIRST_WAIT_SECONDS
            .saturating_mul(doubling)
            .min(MAX_WAIT_SECONDS),
    )
}

/// Why a PIN was refused or is needed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PinError {
    /// Not 4 to 12 digits.
    #[error("a PIN is 4 to 12 digits")]
    Malformed,
    /// The PIN does not match the profile's.
    #[error("wrong PIN")]
    Wrong,
    /// The profile has a PIN and none was given (or it was not entered yet).
    #[error("this profile is locked: enter its PIN")]
    Locked,
    /// Too many wrong tries: the next one must wait.
    #[error("too many wrong PINs: try again in {seconds} s")]
    Throttled {
        /// Seconds until the next try is accepted.
        seconds: i64,
    },
    /// The action needs the profile's PIN and the profile has none yet.
    #[error("this needs the profile's PIN: set a PIN first")]
    Required,
}

impl Coded for PinError {
    fn code(&self) -> ErrorCode {
        match self {
            Self::Malformed => ErrorCode::ProfilePinInvalid,
            Self::Wrong => ErrorCode::ProfilePinWrong,
            Self::Locked => ErrorCode::ProfileLocked,
            Self::Throttled { .. } => ErrorCode::ProfilePinThrottled,
            Self::Required => ErrorCode::ProfilePinRequired,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_to_twelve_digits_are_a_pin() {
        for good in ["0000", "1234", "000000000000", "987654"] {
            assert_eq!(Pin::parse(good).unwrap().expose(), good);
        }
    }

    #[test]
    fn anything_else_is_malformed() {
        for bad in [
            "",
            "123",
            "1234567890123",
            "12a4",
            " 1234",
            "1234\n",
            "-1234",
            "１２３４", // full-width digits are not ASCII digits
            "12 34",
        ] {
            assert_eq!(Pin::parse(bad), Err(PinError::Malformed), "{bad:?}");
        }
    }

    #[test]
    fn debug_hides_the_digits() {
        assert_eq!(format!("{:?}", Pin::parse("4321").unwrap()), "Pin(…)");
    }

    #[test]
    fn the_first_five_wrong_tries_do_not_wait() {
        for failures in 0..FREE_FAILURES {
            assert_eq!(wait_after(failures), None, "{failures}");
        }
    }

    #[test]
    fn the_wait_doubles_from_thirty_seconds_up_to_an_hour() {
        assert_eq!(wait_after(5), Some(30));
        assert_eq!(wait_after(6), Some(60));
        assert_eq!(wait_after(7), Some(120));
        assert_eq!(wait_after(11), Some(1_920));
        assert_eq!(wait_after(12), Some(3_600));
        assert_eq!(wait_after(67), Some(3_600)); // 2^62: no sign overflow
        assert_eq!(wait_after(200), Some(3_600));
        assert_eq!(wait_after(u32::MAX), Some(3_600));
    }

    #[test]
    fn each_refusal_has_its_code() {
        assert_eq!(PinError::Wrong.code().as_str(), "profile_pin_wrong");
        assert_eq!(PinError::Locked.code().as_str(), "profile_locked");
        assert_eq!(PinError::Malformed.code().as_str(), "profile_pin_invalid");
        assert_eq!(
            PinError::Throttled { seconds: 30 }.code().as_str(),
            "profile_pin_throttled"
        );
        assert_eq!(PinError::Required.code().as_str(), "profile_pin_required");
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use crate::mutation::mutate;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// Any text: never a panic; accepted only when it is 4–12 ASCII digits, and then
        /// kept exactly.
        #[test]
        fn any_text_is_a_pin_only_when_all_digits(text in "\\PC{0,16}|[0-9]{0,14}") {
            let shaped = (4..=12).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit());
            match Pin::parse(&text) {
                Ok(pin) => {
                    prop_assert!(shaped);
                    prop_assert_eq!(pin.expose(), text.as_str());
                }
                Err(e) => {
                    prop_assert!(!shaped);
                    prop_assert_eq!(e, PinError::Malformed);
                }
            }
        }

        /// A valid PIN with cuts: accepted only if the result still has the shape.
        #[test]
        fn mutated_pins_are_refused_unless_still_digits(
            seed in "[0-9]{4,12}",
            cuts in prop::collection::vec((any::<usize>(), any::<usize>(), any::<char>()), 1..4),
        ) {
            let text = mutate(&seed, &cuts);
            let shaped = (4..=12).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit());
            prop_assert_eq!(Pin::parse(&text).is_ok(), shaped);
        }

        /// The wait never shrinks with more wrong tries and stays within an hour.
        #[test]
        fn the_wait_grows_and_is_bounded(failures in 0u32..1_000) {
            let now = wait_after(failures).unwrap_or(0);
            let next = wait_after(failures + 1).unwrap_or(0);
            prop_assert!(next >= now);
            prop_assert!((0..=MAX_WAIT_SECONDS).contains(&next));
        }
    }
}
