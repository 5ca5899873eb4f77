//! Profiles: one per student sharing the laptop.

use crate::{Store, StoreError};
use serde::{Deserialize, Serialize};

/// The name of the profile created on first use (by the app or the command line).
pub const FIRST_PROFILE_NAME: &str = "Student";

/// Longest profile name accepted, in characters.
const MAX_NAME_CHARS: usize = 60;

/// What a profile is for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[sqlx(type_name = "TEXT", rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum ProfileKind {
    /// A student: studies, and hands in their progress.
    #[default]
    Student,
    /// A class: a teacher's workspace that imports hand-ins and studies nothing.
    Class,
}

impl ProfileKind {
    /// The kind as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Student => "student",
            Self::Class => "class",
        }
    }
}

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
    /// Creates a student profile; names are trimmed and unique regardless of case.
    pub async fn create_profile(&self, raw_name: &str) -> Result<Profile, StoreError> {
        self.create_profile_of_kind(raw_name, ProfileKind::Student)
            .await
    }

    /// Creates a profile of `kind` (names as [`Store::create_profile`]).
    pub async fn create_profile_of_kind(
        &self,
        raw_name: &str,
        kind: ProfileKind,
    ) -> Result<Profile, StoreError> {
        let name = clean_name(raw_name)?;
        let inserted = sqlx::query_as::<_, Profile>(
            "INSERT INTO profiles (name, kind) VALUES (?, ?) \
             RETURNING id, name, created_at, 0 AS has_pin, kind",
        )
        .bind(&name)
        .bind(kind.as_str())
        .fetch_one(&self.pool)
        .await;
        match inserted {
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                Err(StoreError::DuplicateProfile(name))
            }
            other => Ok(other?),
        }
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

    /// Refuses (`class_profile_required`) unless profile `id` is a class's.
    pub async fn ensure_class(&self, id: i64) -> Result<(), StoreError> {
        match self.profile_kind(id).await? {
            ProfileKind::Class => Ok(()),
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
