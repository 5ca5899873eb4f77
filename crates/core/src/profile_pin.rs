//! The rules of a profile's PIN: its shape, and how long guessing waits after wrong
//! tries. Hashing and storage are the store's; the rules are here so the app, the
//! command line and the tests share them.

use crate::error::{Coded, ErrorCode};
use std::fmt;

/// Fewest digits a PIN has.
pub const PIN_MIN_DIGITS: usize = 4;
/// Most digits a PIN has.
pub const PIN_MAX_DIGITS: usize = 12;
/// Wrong tries allowed in a row before the profile makes the next one wait: enough for
/// the owner's typos, few enough that they buy a guesser almost nothing.
pub const FREE_FAILURES: u32 = 5;
/// The wait after the first try past the free ones, in seconds; it doubles with each
/// further wrong try (30 s, 1, 2 and 4 min, then [`MAX_WAIT_SECONDS`]).
pub const FIRST_WAIT_SECONDS: i64 = 30;
/// The longest wait between two tries, in seconds (five minutes).
///
/// Why five minutes and not an hour: anyone at the laptop can type wrong PINs for
/// another profile, and each wait is also the owner's. With an hour, a classmate locked
/// the owner out of their own profile for an hour with a dozen tries; with five minutes
/// the owner waits at most five minutes however many wrong PINs came before, and the
/// right PIN then opens the profile (and clears the count). Guessing stays slow: past the
/// first nine tries (five free, then 30 s + 60 s + 120 s + 240 s, under eight minutes)
/// a guesser gets 12 tries an hour, 288 a day, so finding a random 4-digit PIN (10,000
/// of them, 5,000 on average) takes about 17 days of uninterrupted guessing at the
/// laptop, and a 6-digit one years. Whoever can copy the database file can guess
/// offline whatever the wait (docs/SECURITY.md, "Limits").
pub const MAX_WAIT_SECONDS: i64 = 300;

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
/// none for the first [`FREE_FAILURES`], then 30 s, doubling, at most five minutes.
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
    /// A class profile is created with a PIN and keeps one; one made without (before
    /// class profiles needed a PIN) is asked for one before its class opens.
    #[error("a class profile needs a PIN: give it one (4 to 12 digits)")]
    ClassRequired,
    /// A change of the expense role came without the owner's PIN.
    #[error("changing the expense role needs the owner's PIN")]
    OwnerRequired,
    /// The PIN given is not the expenses owner's.
    #[error("that is not the owner's PIN")]
    OwnerWrong,
    /// The owner's PIN being chosen is the profile's own PIN, which would let the
    /// profile change its role itself.
    #[error("the owner's PIN must not be this profile's PIN")]
    OwnerSame,
}

impl Coded for PinError {
    fn code(&self) -> ErrorCode {
        match self {
            Self::Malformed => ErrorCode::ProfilePinInvalid,
            Self::Wrong => ErrorCode::ProfilePinWrong,
            Self::Locked => ErrorCode::ProfileLocked,
            Self::Throttled { .. } => ErrorCode::ProfilePinThrottled,
            Self::Required => ErrorCode::ProfilePinRequired,
            Self::ClassRequired => ErrorCode::ClassProfilePinRequired,
            Self::OwnerRequired => ErrorCode::ExpenseOwnerPinRequired,
            Self::OwnerWrong => ErrorCode::ExpenseOwnerPinWrong,
            Self::OwnerSame => ErrorCode::ExpenseOwnerPinSame,
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
    fn the_wait_doubles_from_thirty_seconds_up_to_five_minutes() {
        assert_eq!(wait_after(5), Some(30));
        assert_eq!(wait_after(6), Some(60));
        assert_eq!(wait_after(7), Some(120));
        assert_eq!(wait_after(8), Some(240));
        assert_eq!(wait_after(9), Some(300));
        assert_eq!(wait_after(20), Some(300));
        assert_eq!(wait_after(67), Some(300)); // 2^62: no sign overflow
        assert_eq!(wait_after(200), Some(300));
        assert_eq!(wait_after(u32::MAX), Some(300));
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
        assert_eq!(
            PinError::ClassRequired.code().as_str(),
            "class_profile_pin_required"
        );
        assert_eq!(
            PinError::OwnerRequired.code().as_str(),
            "expense_owner_pin_required"
        );
        assert_eq!(
            PinError::OwnerWrong.code().as_str(),
            "expense_owner_pin_wrong"
        );
        assert_eq!(
            PinError::OwnerSame.code().as_str(),
            "expense_owner_pin_same"
        );
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

        /// The wait never shrinks with more wrong tries and stays within five minutes.
        #[test]
        fn the_wait_grows_and_is_bounded(failures in 0u32..1_000) {
            let now = wait_after(failures).unwrap_or(0);
            let next = wait_after(failures + 1).unwrap_or(0);
            prop_assert!(next >= now);
            prop_assert!((0..=MAX_WAIT_SECONDS).contains(&next));
        }
    }
}
