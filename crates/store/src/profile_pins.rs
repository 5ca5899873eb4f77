//! Profile PINs: set, change, remove and check a profile's optional PIN, and the same
//! keeping and checking for the PIN of the owner of a profile's expenses
//! (`expenses_owner.rs`). A PIN is kept as an argon2id PHC string (random salt,
//! parameters included); each check runs on a blocking thread because argon2 is slow on
//! purpose. Wrong tries in a row and the time the next try may come are stored with the
//! hash, so restarting does not reset them.

use crate::profile_kind::ProfileKind;
use crate::{Store, StoreError};
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::Argon2;
use chrono::{DateTime, Duration, Utc};
use lantern_core::profile_pin::{wait_after, Pin, PinError};
use sqlx::{Sqlite, SqliteConnection};

/// Which kept PIN a check is for. Both are kept alike, in tables with the same columns
/// (`profile_id`, `hash`, `failures`, `retry_after`, `updated_at`), and checked with the
/// same hashing and the same wait after wrong tries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KeptPin {
    /// The profile's own PIN, which opens it (`profile_pins`).
    Profile,
    /// The PIN of the owner of the profile's expenses, which alone changes its expense
    /// role (`expense_owner_pins`).
    ExpenseOwner,
}

impl KeptPin {
    /// The table it is kept in (a fixed name, never from input).
    fn table(self) -> &'static str {
        match self {
            Self::Profile => "profile_pins",
            Self::ExpenseOwner => "expense_owner_pins",
        }
    }

    /// The refusal of a PIN that does not match.
    fn wrong(self) -> PinError {
        match self {
            Self::Profile => PinError::Wrong,
            Self::ExpenseOwner => PinError::OwnerWrong,
        }
    }

    /// The refusal when none is kept.
    fn missing(self) -> PinError {
        match self {
            Self::Profile => PinError::Required,
            Self::ExpenseOwner => PinError::OwnerRequired,
        }
    }
}

/// How a read-then-write PIN check begins: taking the write lock first, so two tries at
/// once are counted one after the other.
const WRITE: &str = "BEGIN IMMEDIATE";

/// The hash of `pin` with a fresh random salt, computed off the async threads.
pub(crate) async fn hash(pin: Pin) -> Result<String, StoreError> {
    blocking(move || {
        Argon2::default()
            .hash_password(pin.expose().as_bytes())
            .map(|h| h.to_string())
            .map_err(|e| StoreError::Corrupt(format!("cannot hash the PIN: {e}")))
    })
    .await
}

/// Whether `pin` matches the PHC string `stored`, computed off the async threads.
async fn matches(pin: Pin, stored: String) -> Result<bool, StoreError> {
    blocking(move || {
        let parsed = PasswordHash::new(&stored)
            .map_err(|e| StoreError::Corrupt(format!("unreadable PIN hash: {e}")))?;
        Ok(Argon2::default()
            .verify_password(pin.expose().as_bytes(), &parsed)
            .is_ok())
    })
    .await
}

/// Runs `work` on tokio's blocking threads.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| StoreError::Corrupt(format!("the PIN check stopped: {e}")))?
}

/// Whole seconds from `now` until `until`, at least 1.
fn seconds_until(until: DateTime<Utc>, now: DateTime<Utc>) -> i64 {
    let millis = (until - now).num_milliseconds();
    ((millis + 999) / 1000).max(1)
}

fn parse_time(text: &str) -> Result<DateTime<Utc>, StoreError> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| StoreError::Corrupt(format!("PIN retry time {text:?}: {e}")))
}

/// Keeps `hash` as the profile's `kind` of PIN on `conn` (inside the caller's
/// transaction, if any), clearing the wrong-try count.
pub(crate) async fn keep_hash(
    conn: &mut SqliteConnection,
    kind: KeptPin,
    profile_id: i64,
    hash: String,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let written = sqlx::query::<Sqlite>(&format!(
        "INSERT INTO {} (profile_id, hash, updated_at) VALUES (?, ?, ?) \
         ON CONFLICT (profile_id) DO UPDATE SET hash = excluded.hash, failures = 0, \
         retry_after = NULL, updated_at = excluded.updated_at",
        kind.table()
    ))
    .bind(profile_id)
    .bind(hash)
    .bind(now.to_rfc3339())
    .execute(conn)
    .await;
    match written {
        Err(sqlx::Error::Database(e)) if e.is_foreign_key_violation() => {
            Err(StoreError::ProfileNotFound(profile_id.to_string()))
        }
        other => other.map(drop).map_err(Into::into),
    }
}

impl Store {
    /// Whether the profile has a PIN.
    pub async fn profile_has_pin(&self, profile_id: i64) -> Result<bool, StoreError> {
        self.has_kept_pin(KeptPin::Profile, profile_id).await
    }

    /// Whether the profile has a `kind` of PIN kept.
    pub(crate) async fn has_kept_pin(
        &self,
        kind: KeptPin,
        profile_id: i64,
    ) -> Result<bool, StoreError> {
        Ok(sqlx::query_scalar(&format!(
            "SELECT EXISTS (SELECT 1 FROM {} WHERE profile_id = ?)",
            kind.table()
        ))
        .bind(profile_id)
        .fetch_one(&self.pool)
        .await?)
    }

    /// Checks `pin` against the profile's PIN. A malformed PIN is refused without counting;
    /// while the profile waits after wrong tries, nothing is checked (`Throttled`); each
    /// try is counted as wrong before the hash is compared (so tries made at once cannot
    /// skip the wait) and the count is cleared when it matches, so the right PIN always
    /// opens once the current wait is over. A profile without a PIN has nothing to check
    /// against (`Required`).
    pub async fn check_profile_pin(
        &self,
        profile_id: i64,
        pin: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.check_kept_pin(KeptPin::Profile, profile_id, pin, now)
            .await
    }

    /// Checks `pin` against the profile's `kind` of PIN, as [`Store::check_profile_pin`]
    /// says (with that kind's refusals when it is wrong or missing).
    pub(crate) async fn check_kept_pin(
        &self,
        kind: KeptPin,
        profile_id: i64,
        pin: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let pin = Pin::parse(pin)?;
        let stored = self.count_try(kind, profile_id, now).await?;
        if !matches(pin, stored).await? {
            return Err(kind.wrong().into());
        }
        sqlx::query(&format!(
            "UPDATE {} SET failures = 0, retry_after = NULL WHERE profile_id = ?",
            kind.table()
        ))
        .bind(profile_id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Counts one try as wrong and sets the wait it earns, in one write transaction;
    /// returns the stored hash to compare with.
    async fn count_try(
        &self,
        kind: KeptPin,
        profile_id: i64,
        now: DateTime<Utc>,
    ) -> Result<String, StoreError> {
        let mut tx = self.pool.begin_with(WRITE).await?;
        let row: Option<(String, i64, Option<String>)> = sqlx::query_as(&format!(
            "SELECT hash, failures, retry_after FROM {} WHERE profile_id = ?",
            kind.table()
        ))
        .bind(profile_id)
        .fetch_optional(&mut *tx)
        .await?;
        let (stored, failures, retry_after) = row.ok_or(kind.missing())?;
        if let Some(until) = retry_after.as_deref().map(parse_time).transpose()? {
            if until > now {
                return Err(PinError::Throttled {
                    seconds: seconds_until(until, now),
                }
                .into());
            }
        }
        let failures = u32::try_from(failures)
            .unwrap_or(u32::MAX)
            .saturating_add(1);
        let retry_after = wait_after(failures).map(|s| (now + Duration::seconds(s)).to_rfc3339());
        sqlx::query(&format!(
            "UPDATE {} SET failures = ?, retry_after = ? WHERE profile_id = ?",
            kind.table()
        ))
        .bind(i64::from(failures))
        .bind(retry_after)
        .bind(profile_id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(stored)
    }

    /// Whether `pin` is the profile's `kind` of PIN, without counting a try: for refusing
    /// a new PIN equal to another one the profile keeps (false when none is kept).
    pub(crate) async fn is_kept_pin(
        &self,
        kind: KeptPin,
        profile_id: i64,
        pin: &Pin,
    ) -> Result<bool, StoreError> {
        let stored: Option<String> = sqlx::query_scalar(&format!(
            "SELECT hash FROM {} WHERE profile_id = ?",
            kind.table()
        ))
        .bind(profile_id)
        .fetch_optional(&self.pool)
        .await?;
        match stored {
            Some(stored) => matches(pin.clone(), stored).await,
            None => Ok(false),
        }
    }

    /// Keeps `pin` as the profile's `kind` of PIN (hashed), clearing the wrong-try count.
    pub(crate) async fn keep_pin(
        &self,
        kind: KeptPin,
        profile_id: i64,
        pin: Pin,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let stored = hash(pin).await?;
        let mut conn = self.pool.acquire().await?;
        keep_hash(&mut conn, kind, profile_id, stored, now).await
    }

    /// Opens the profile: nothing to check when it has no PIN; otherwise `pin` must be
    /// given (`Locked`) and match.
    pub async fn unlock_profile(
        &self,
        profile_id: i64,
        pin: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        if !self.profile_has_pin(profile_id).await? {
            return Ok(());
        }
        let pin = pin.ok_or(PinError::Locked)?;
        self.check_profile_pin(profile_id, pin, now).await
    }

    /// Sets the profile's PIN to `new`. A profile that already has one needs it as
    /// `current` (`Locked` when missing); changing it clears the wrong-try count.
    pub async fn set_profile_pin(
        &self,
        profile_id: i64,
        current: Option<&str>,
        new: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let new = Pin::parse(new)?;
        if self.profile_has_pin(profile_id).await? {
            let current = current.ok_or(PinError::Locked)?;
            self.check_profile_pin(profile_id, current, now).await?;
        }
        self.keep_pin(KeptPin::Profile, profile_id, new, now).await
    }

    /// Removes the profile's PIN after checking `current`; the profile then opens without
    /// one. Nothing to do when it has none. A class profile keeps its PIN
    /// (`class_profile_pin_required`, nothing checked).
    pub async fn remove_profile_pin(
        &self,
        profile_id: i64,
        current: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        if self.profile_kind(profile_id).await? == ProfileKind::Class {
            return Err(PinError::ClassRequired.into());
        }
        if !self.profile_has_pin(profile_id).await? {
            return Ok(());
        }
        self.check_profile_pin(profile_id, current, now).await?;
        sqlx::query("DELETE FROM profile_pins WHERE profile_id = ?")
            .bind(profile_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::seconds_until;
    use chrono::{Duration, TimeZone, Utc};

    #[test]
    fn a_wait_is_rounded_up_to_whole_seconds() {
        let now = Utc.with_ymd_and_hms(2026, 11, 26, 8, 0, 0).unwrap();
        assert_eq!(seconds_until(now + Duration::milliseconds(29_001), now), 30);
        assert_eq!(seconds_until(now + Duration::seconds(30), now), 30);
        assert_eq!(seconds_until(now + Duration::milliseconds(1), now), 1);
    }
}
