//! The hand-in previewed last, kept so that saving writes exactly what was read.

use lantern_progress::HandIn;
use std::sync::Mutex;

/// The last hand-in previewed, with the profile it belongs to.
#[derive(Default)]
pub struct PendingHandIn(Mutex<Option<(i64, HandIn)>>);

impl PendingHandIn {
    pub(crate) fn put(&self, profile: i64, hand_in: HandIn) {
        match self.0.lock() {
            Ok(mut p) => *p = Some((profile, hand_in)),
            Err(poisoned) => *poisoned.into_inner() = Some((profile, hand_in)),
        }
    }

    pub(crate) fn take(&self, profile: i64) -> Option<HandIn> {
        let taken = match self.0.lock() {
            Ok(mut p) => p.take(),
            Err(poisoned) => poisoned.into_inner().take(),
        };
        taken.filter(|(owner, _)| *owner == profile).map(|(_, h)| h)
    }
}
