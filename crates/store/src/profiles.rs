//! Profiles: one per student sharing the laptop.

use crate::profile_kind::ProfileKind;
use crate::profile_pins::{hash, keep_hash, KeptPin};
use crate::{Store, StoreError};
use chrono::{DateTime, Utc};
use lantern_core::profile_pin::{Pin, PinError};
use serde::Serialize;

/// The name of the profile created on first use (by the app or the command line).
pub const FIRST_PROFILE_NAME: &str = "Student";

/// Longest profile name accepted, in characters.
const MAX_NAME_CHARS: usize = 60;

/// A profile: a student's, or a class's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub struct Profile {
    /// Database id.
    pub id: i64,
    /// Display name, unique regardless of case.
    pub name: String,
    /// Creation time, RFC 3339 UTC.
    pub created_at: String,
    /// Whether opening it needs its PIN.
    pub has_pin: bool,
    /// A student's or a class's.
    pub kind: ProfileKind,
}

/// The columns of a [`Profile`], from `profiles` as `p`.
const COLUMNS: &str = "p.id, p.name, p.created_at, \
     EXISTS (SELECT 1 FROM profile_pins k WHERE k.profile_id = p.id) AS has_pin, p.kind";

/// Trims `raw` and checks it is a usable profile name.
fn clean_name(raw: &str) -> Result<String, StoreError> {
    let name = raw.trim();
    if name.is_empty()
        || name.chars().count() > MAX_NAME_CHARS
        || name.chars().any(char::is_control)
    {
        return Err(StoreError::InvalidProfileName(raw.to_string()));
    }
    Ok(name.to_string())
}

impl Store {
    /// Creates a student profile without a PIN; names are trimmed and unique regardless
    /// of case.
    pub async fn create_profile(&self, raw_name: &str) -> Result<Profile, StoreError> {
        self.create_profile_of_kind(raw_name, ProfileKind::Student, None, Utc::now())
            .await
    }

    /// Creates a profile of `kind` (names as [`Store::create_profile`]) locked with `pin`
    /// when one is given. A class profile must have one (`class_profile_pin_required`):
    /// its hand-ins are every student's results, on a laptop students may use. A
    /// malformed or missing PIN creates nothing; the profile and its PIN are written
    /// in one transaction.
    pub async fn create_profile_of_kind(
        &self,
        raw_name: &str,
        kind: ProfileKind,
        pin: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<Profile, StoreError> {
        let name = clean_name(raw_name)?;
        let pin = pin.map(Pin::parse).transpose()?;
        if kind == ProfileKind::Class && pin.is_none() {
            return Err(PinError::ClassRequired.into());
        }
        let stored = match pin {
            Some(pin) => Some(hash(pin).await?),
            None => None,
        };
        let mut tx = self.pool.begin().await?;
        let inserted = sqlx::query_as::<_, Profile>(
            "INSERT INTO profiles (name, kind) VALUES (?, ?) \
             RETURNING id, name, created_at, 0 AS has_pin, kind",
        )
        .bind(&name)
        .bind(kind.as_str())
        .fetch_one(&mut *tx)
        .await;
        let mut profile = match inserted {
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Err(StoreError::DuplicateProfile(name))
            }
            other => other?,
        };
        if let Some(stored) = stored {
            keep_hash(&mut tx, KeptPin::Profile, profile.id, stored, now).await?;
            profile.has_pin = true;
        }
        tx.commit().await?;
        Ok(profile)
    }

    /// Every profile, oldest first.
    pub async fn list_profiles(&self) -> Result<Vec<Profile>, StoreError> {
        Ok(
            sqlx::query_as::<_, Profile>(&format!(
                "SELECT {COLUMNS} FROM profiles p ORDER BY p.id"
            ))
            .fetch_all(&self.pool)
            .await?,
        )
    }

    /// The profile named `name` (case-insensitive).
    pub async fn profile_named(&self, name: &str) -> Result<Profile, StoreError> {
        self.list_profiles()
            .await?
            .into_iter()
            .find(|p| p.name.to_lowercase() == name.trim().to_lowercase())
            .ok_or_else(|| StoreError::ProfileNotFound(name.to_string()))
    }

    /// The kind of profile `id`.
    pub async fn profile_kind(&self, id: i64) -> Result<ProfileKind, StoreError> {
        sqlx::query_scalar::<_, ProfileKind>("SELECT kind FROM profiles WHERE id = ?")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or_else(|| StoreError::ProfileNotFound(id.to_string()))
    }

    /// Refuses (`class_profile_required`) unless profile `id` is a student's.
    pub async fn ensure_student(&self, id: i64) -> Result<(), StoreError> {
        match self.profile_kind(id).await? {
            ProfileKind::Student => Ok(()),
            ProfileKind::Class => Err(StoreError::WrongProfileKind(
                "a class profile studies nothing and hands nothing in: open a student's profile"
                    .into(),
            )),
        }
    }

    /// Refuses (`class_profile_required`) unless profile `id` is a class's, and
    /// (`class_profile_pin_required`) while that class has no PIN: a class profile made
    /// before class profiles needed one opens, but shows its class only once it has one.
    pub async fn ensure_class(&self, id: i64) -> Result<(), StoreError> {
        match self.profile_kind(id).await? {
            ProfileKind::Class if self.profile_has_pin(id).await? => Ok(()),
            ProfileKind::Class => Err(PinError::ClassRequired.into()),
            ProfileKind::Student => Err(StoreError::WrongProfileKind(
                "this is a student's profile: open (or create) a class profile to import hand-ins"
                    .into(),
            )),
        }
    }

    /// The first student profile, creating one called `default_name` if there is none
    /// yet.
    pub async fn ensure_profile(&self, default_name: &str) -> Result<Profile, StoreError> {
        let first = self
            .list_profiles()
            .await?
            .into_iter()
            .find(|p| p.kind == ProfileKind::Student);
        match first {
            Some(profile) => Ok(profile),
            None => self.create_profile(default_name).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::clean_name;

    #[test]
    fn names_are_trimmed() {
        assert_eq!(clean_name("  Ana  ").unwrap(), "Ana");
    }

    #[test]
    fn bad_names_are_refused() {
        for bad in ["", "   ", "a\nb", &"x".repeat(61)] {
            assert!(clean_name(bad).is_err(), "{bad:?}");
        }
        assert!(clean_name(&"ñ".repeat(60)).is_ok());
    }
}
