-- Guided modules (spec 004). `modules` holds each imported module pack (its validated
-- module.json and the index generation whose media folder the window shows); a
-- re-import replaces the row in the transaction that publishes its index generation.
-- Each profile has one session per module: its language, the progress the app computed
-- (current section, completed sections, covered topics, milestones celebrated) and the
-- forms sent. Sessions name their module without a foreign key, so a re-import keeps
-- them. Messages keep the student's words (a form: its answers in words and as JSON)
-- and each reply as RESPONSE_SCHEMA JSON with who wrote it.
CREATE TABLE modules (
    id           TEXT PRIMARY KEY,
    title        TEXT NOT NULL,
    language     TEXT NOT NULL CHECK (language IN ('en', 'es')),
    manifest     TEXT NOT NULL CHECK (json_valid(manifest)),
    generation   TEXT NOT NULL,
    imported_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE module_sessions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id  INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    module_id   TEXT    NOT NULL,
    language    TEXT    NOT NULL CHECK (language IN ('en', 'es')),
    progress    TEXT    NOT NULL CHECK (json_valid(progress)),
    forms_sent  TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(forms_sent)),
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (profile_id, module_id)
);

CREATE TABLE module_messages (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id  INTEGER NOT NULL REFERENCES module_sessions(id) ON DELETE CASCADE,
    role        TEXT    NOT NULL CHECK (role IN ('student', 'module')),
    text        TEXT    NOT NULL,
    form        TEXT    NULL CHECK (form IS NULL OR json_valid(form)),
    reply       TEXT    NULL CHECK (reply IS NULL OR json_valid(reply)),
    -- who wrote a reply's words: code (no model needed), model, or the guide
    -- (offline, afterModelFailure, afterBrokenReply); when the model returned text, how
    -- it read (schema, legacyForm, salvaged, markdown) and how many elements the schema
    -- checks repaired
    origin      TEXT    NULL,
    read_as     TEXT    NULL,
    repairs     INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX module_messages_by_session ON module_messages (session_id, id);
