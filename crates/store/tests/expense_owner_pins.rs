//! The expense role against a real SQLite file (issue #44): it changes only with the
//! owner's PIN, chosen by the first change and never the profile's own PIN; a viewer
//! who knows the PIN that opens their profile cannot make themselves owner; wrong owner
//! PINs wait like profile PINs; the currency alone needs nothing.

use chrono::{DateTime, Duration, Utc};
use lantern_core::profile_pin::FREE_FAILURES;
use lantern_core::Coded;
use lantern_expenses::money::Currency;
use lantern_expenses::Role;
use lantern_store::{ExpenseSettings, Store};

/// The PIN that opens Ana's profile (she knows it).
const PROFILE_PIN: &str = "2468";
/// The owner's PIN (a parent's; Ana does not know it).
const OWNER_PIN: &str = "8080";

fn at(seconds: i64) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-26T08:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
        + Duration::seconds(seconds)
}

fn settings(role: Role) -> ExpenseSettings {
    ExpenseSettings {
        role,
        currency: Currency::Gbp,
    }
}

fn code<T: std::fmt::Debug>(result: Result<T, impl Coded>) -> &'static str {
    result.expect_err("refused").code().as_str()
}

/// A database with profile `Ana` (with `PROFILE_PIN`), owner of her expenses so far.
async fn fixture() -> (Store, i64, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let ana = store.create_profile("Ana").await.unwrap().id;
    store
        .set_profile_pin(ana, None, PROFILE_PIN, at(0))
        .await
        .unwrap();
    (store, ana, dir)
}

async fn role(store: &Store, profile: i64) -> Role {
    store.expense_settings(profile).await.unwrap().role
}

#[tokio::test]
async fn a_viewer_with_their_own_pin_cannot_make_themselves_owner() {
    let (store, ana, _dir) = fixture().await;
    // The owner makes Ana a viewer, choosing the owner's PIN.
    assert!(!store.expense_owner_has_pin(ana).await.unwrap());
    store
        .change_expense_settings(ana, settings(Role::Viewer), Some(OWNER_PIN), at(0))
        .await
        .unwrap();
    assert!(store.expense_owner_has_pin(ana).await.unwrap());
    assert_eq!(role(&store, ana).await, Role::Viewer);

    // The crafted input: Ana, with the PIN that opens her profile, asks to be owner.
    let owner = settings(Role::Owner);
    assert_eq!(
        code(
            store
                .change_expense_settings(ana, owner, Some(PROFILE_PIN), at(1))
                .await
        ),
        "expense_owner_pin_wrong"
    );
    assert_eq!(
        code(store.change_expense_settings(ana, owner, None, at(1)).await),
        "expense_owner_pin_required"
    );
    assert_eq!(role(&store, ana).await, Role::Viewer);

    // The currency alone needs no PIN.
    let euros = ExpenseSettings {
        role: Role::Viewer,
        currency: Currency::Eur,
    };
    store
        .change_expense_settings(ana, euros, None, at(1))
        .await
        .unwrap();

    // With the owner's PIN it works, and every later change needs it too.
    store
        .change_expense_settings(ana, owner, Some(OWNER_PIN), at(2))
        .await
        .unwrap();
    assert_eq!(role(&store, ana).await, Role::Owner);
    assert_eq!(
        code(
            store
                .change_expense_settings(ana, settings(Role::Viewer), Some(PROFILE_PIN), at(3))
                .await
        ),
        "expense_owner_pin_wrong"
    );
    assert_eq!(role(&store, ana).await, Role::Owner);
}

#[tokio::test]
async fn the_owners_pin_cannot_be_the_profiles_own() {
    let (store, ana, _dir) = fixture().await;
    assert_eq!(
        code(
            store
                .change_expense_settings(ana, settings(Role::Viewer), Some(PROFILE_PIN), at(0))
                .await
        ),
        "expense_owner_pin_same"
    );
    assert_eq!(
        code(
            store
                .change_expense_settings(ana, settings(Role::Viewer), Some("80"), at(0))
                .await
        ),
        "profile_pin_invalid"
    );
    assert_eq!(role(&store, ana).await, Role::Owner);
    assert!(!store.expense_owner_has_pin(ana).await.unwrap());
}

/// A profile made viewer before owners had a PIN (and one without any PIN) has no
/// owner's PIN kept: its next role change chooses one, then it is needed.
#[tokio::test]
async fn a_viewer_from_before_chooses_the_owners_pin_on_its_next_change() {
    let (store, ana, _dir) = fixture().await;
    let ben = store.create_profile("Ben").await.unwrap().id;
    for profile in [ana, ben] {
        store
            .set_expense_settings(profile, settings(Role::Viewer))
            .await
            .unwrap();
        store
            .change_expense_settings(profile, settings(Role::Owner), Some(OWNER_PIN), at(0))
            .await
            .unwrap();
        assert_eq!(
            code(
                store
                    .change_expense_settings(profile, settings(Role::Viewer), Some("1111"), at(1))
                    .await
            ),
            "expense_owner_pin_wrong"
        );
        assert_eq!(role(&store, profile).await, Role::Owner);
    }
}

#[tokio::test]
async fn wrong_owner_pins_wait_like_profile_pins_and_the_profile_pin_is_untouched() {
    let (store, ana, _dir) = fixture().await;
    store
        .change_expense_settings(ana, settings(Role::Viewer), Some(OWNER_PIN), at(0))
        .await
        .unwrap();
    let owner = settings(Role::Owner);
    for _ in 0..FREE_FAILURES {
        assert_eq!(
            code(
                store
                    .change_expense_settings(ana, owner, Some("0000"), at(1))
                    .await
            ),
            "expense_owner_pin_wrong"
        );
    }
    assert_eq!(
        code(
            store
                .change_expense_settings(ana, owner, Some(OWNER_PIN), at(2))
                .await
        ),
        "profile_pin_throttled"
    );
    // Guessing the owner's PIN does not lock Ana out of her profile.
    store
        .unlock_profile(ana, Some(PROFILE_PIN), at(2))
        .await
        .unwrap();
    store
        .change_expense_settings(ana, owner, Some(OWNER_PIN), at(31))
        .await
        .unwrap();
    assert_eq!(role(&store, ana).await, Role::Owner);
}
