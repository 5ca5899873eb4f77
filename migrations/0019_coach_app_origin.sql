-- Coach replies the app writes without asking the model (thanks answered, a question
-- about what a step allows) are stored with origin 'app' (issue #34). SQLite cannot
-- change a CHECK constraint in place, so coach_messages is rebuilt inside the
-- migration's transaction; no table refers to it, and message ids are copied.
CREATE TABLE coach_messages_rebuilt (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id  INTEGER NOT NULL REFERENCES coach_sessions(id) ON DELETE CASCADE,
    role        TEXT    NOT NULL CHECK (role IN ('user', 'assistant')),
    content     TEXT    NOT NULL,
    step        TEXT    NOT NULL,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    origin      TEXT    NULL
                CHECK (origin IS NULL OR origin IN ('model', 'offline', 'afterModelFailure', 'afterBrokenReply', 'app'))
);
INSERT INTO coach_messages_rebuilt (id, session_id, role, content, step, created_at, origin)
    SELECT id, session_id, role, content, step, created_at, origin FROM coach_messages;
DROP TABLE coach_messages;
ALTER TABLE coach_messages_rebuilt RENAME TO coach_messages;
CREATE INDEX coach_messages_by_session ON coach_messages (session_id, id);
