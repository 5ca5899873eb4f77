-- Issue 44, item 7: the PIN of the owner of a profile's expenses. The expense role
-- (owner: every tool; viewer: balance and list) changes only with this PIN, never with
-- the profile's own PIN (which the student who uses the profile knows). The first role
-- change chooses it (it must not be the profile's PIN); every later change needs it.
-- Kept like a profile PIN: an argon2id PHC string, wrong tries in a row and the time the
-- next try may come. A profile made viewer before this migration has no row here: its
-- next role change chooses the owner's PIN (docs/SECURITY.md, issue #44).
CREATE TABLE expense_owner_pins (
    profile_id    INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
    hash          TEXT    NOT NULL CHECK (hash LIKE '$argon2%'),
    failures      INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
    -- RFC 3339 UTC; NULL when the next try need not wait.
    retry_after   TEXT    NULL,
    updated_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
