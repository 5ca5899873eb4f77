//! Who may change a profile's expense role: the owner of its expenses, with the owner's
//! PIN. The role is the profile's (owner: every tool; viewer: balance and list); the
//! owner of the expenses is the person who decided it — a parent or teacher who made the
//! profile a viewer — and is known only by their PIN, kept beside the profile's own
//! (`expense_owner_pins`, same hashing and same wait after wrong tries as profile PINs).
//! The profile's own PIN, which the student using it knows, never changes the role.

use crate::expenses::storage;
use crate::profile_pins::KeptPin;
use crate::Store;
use chrono::{DateTime, Utc};
use lantern_core::profile_pin::{Pin, PinError};
use lantern_expenses::app::ExpenseSettings;
use lantern_expenses::ExpenseError;

impl Store {
    /// Sets the profile's role and currency as the student asks it: the currency freely,
    /// the role only with the owner's PIN as `owner_pin` (`expense_owner_pin_required`
    /// when not given, `profile_pin_invalid` when not 4 to 12 digits).
    ///
    /// When an owner's PIN is kept, it must match (`expense_owner_pin_wrong`, and
    /// `profile_pin_throttled` after wrong tries, as for a profile PIN). When none is
    /// kept yet — a profile never made viewer, or made viewer before owners had a PIN —
    /// the PIN given becomes the owner's, and it must not be the profile's own PIN
    /// (`expense_owner_pin_same`). So a viewer cannot make itself owner with the PIN
    /// that opens its profile.
    pub async fn change_expense_settings(
        &self,
        profile_id: i64,
        settings: ExpenseSettings,
        owner_pin: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<(), ExpenseError> {
        if self.expense_settings(profile_id).await?.role != settings.role {
            let pin = owner_pin.ok_or_else(|| storage(PinError::OwnerRequired))?;
            self.check_or_choose_owner_pin(profile_id, pin, now)
                .await
                .map_err(storage)?;
        }
        self.set_expense_settings(profile_id, settings).await
    }

    /// Checks `pin` against the kept owner's PIN, or keeps it as the owner's when there
    /// is none yet (see [`Store::change_expense_settings`]).
    async fn check_or_choose_owner_pin(
        &self,
        profile_id: i64,
        pin: &str,
        now: DateTime<Utc>,
    ) -> Result<(), crate::StoreError> {
        if self.has_kept_pin(KeptPin::ExpenseOwner, profile_id).await? {
            return self
                .check_kept_pin(KeptPin::ExpenseOwner, profile_id, pin, now)
                .await;
        }
        let pin = Pin::parse(pin)?;
        if self.is_kept_pin(KeptPin::Profile, profile_id, &pin).await? {
            return Err(PinError::OwnerSame.into());
        }
        self.keep_pin(KeptPin::ExpenseOwner, profile_id, pin, now)
            .await
    }

    /// Whether the owner of the profile's expenses has chosen their PIN.
    pub async fn expense_owner_has_pin(&self, profile_id: i64) -> Result<bool, ExpenseError> {
        self.has_kept_pin(KeptPin::ExpenseOwner, profile_id)
            .await
            .map_err(storage)
    }
}
