-- Coach sessions: one Toulmin argument each, owned by a profile, with its seven-field
-- draft, current step, the proposal waiting for accept/reject, and its conversation.
CREATE TABLE coach_sessions (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id       INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    title            TEXT    NOT NULL,
    language         TEXT    NOT NULL CHECK (language IN ('en', 'es')),
    current_step     TEXT    NOT NULL DEFAULT 'claim' CHECK (current_step IN
                     ('claim', 'grounds', 'warrant', 'groundsBacking', 'warrantBacking', 'qualifier', 'rebuttal')),
    is_complete      INTEGER NOT NULL DEFAULT 0 CHECK (is_complete IN (0, 1)),
    claim            TEXT    NOT NULL DEFAULT '',
    grounds          TEXT    NOT NULL DEFAULT '',
    warrant          TEXT    NOT NULL DEFAULT '',
    grounds_backing  TEXT    NOT NULL DEFAULT '',
    warrant_backing  TEXT    NOT NULL DEFAULT '',
    qualifier        TEXT    NOT NULL DEFAULT '',
    rebuttal         TEXT    NOT NULL DEFAULT '',
    pending_proposal TEXT    NULL CHECK (pending_proposal IS NULL OR json_valid(pending_proposal)),
    created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX coach_sessions_by_profile ON coach_sessions (profile_id, updated_at);

CREATE TABLE coach_messages (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id  INTEGER NOT NULL REFERENCES coach_sessions(id) ON DELETE CASCADE,
    role        TEXT    NOT NULL CHECK (role IN ('user', 'assistant')),
    content     TEXT    NOT NULL,
    step        TEXT    NOT NULL,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX coach_messages_by_session ON coach_messages (session_id, id);
