-- Profile PINs (issue 32, item 8): an optional PIN per profile, stored as an argon2id
-- PHC string (salt and parameters included), never the digits. Wrong tries in a row
-- and the time the next try may come are kept with it, so a restart does not reset
-- the wait. A profile without a row here has no PIN and opens as before.
CREATE TABLE profile_pins (
    profile_id    INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
    hash          TEXT    NOT NULL CHECK (hash LIKE '$argon2%'),
    failures      INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
    -- RFC 3339 UTC; NULL when the next try need not wait.
    retry_after   TEXT    NULL,
    updated_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
