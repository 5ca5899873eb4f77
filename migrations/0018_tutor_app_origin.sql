-- Tutor replies the app writes from the course without the model (a drill, a card, a
-- verdict) are stored with origin 'app' (issue #33). SQLite cannot change a CHECK
-- constraint in place, so tutor_messages is rebuilt inside the migration's transaction.
-- Dropping the old table cascades into tutor_drill_grades (foreign keys stay on in a
-- transaction), so the grades are kept aside and put back once the new table has taken
-- the old one's name; message ids are copied, so every grade finds its drill again.
CREATE TEMP TABLE kept_drill_grades AS SELECT * FROM tutor_drill_grades;
CREATE TABLE tutor_messages_rebuilt (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    thread_id   INTEGER NOT NULL REFERENCES tutor_threads(id) ON DELETE CASCADE,
    turn_id     TEXT    NOT NULL,
    role        TEXT    NOT NULL CHECK (role IN ('user', 'assistant')),
    text        TEXT    NOT NULL,
    latex       TEXT    NULL,
    card        TEXT    NULL CHECK (card IS NULL OR json_valid(card)),
    origin      TEXT    NULL
                CHECK (origin IS NULL OR origin IN ('model', 'offline', 'afterModelFailure', 'afterBrokenReply', 'app')),
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    drill_key   TEXT    NULL CHECK (drill_key IS NULL OR json_valid(drill_key)),
    passage     TEXT    NULL CHECK (passage IS NULL OR json_valid(passage)),
    verdict     TEXT    NULL CHECK (verdict IS NULL OR verdict IN ('right', 'partly', 'not_yet'))
);
INSERT INTO tutor_messages_rebuilt
    (id, thread_id, turn_id, role, text, latex, card, origin, created_at, drill_key, passage, verdict)
    SELECT id, thread_id, turn_id, role, text, latex, card, origin, created_at, drill_key, passage, verdict
    FROM tutor_messages;
DROP TABLE tutor_messages;
ALTER TABLE tutor_messages_rebuilt RENAME TO tutor_messages;
CREATE INDEX tutor_messages_by_thread ON tutor_messages (thread_id, id);
INSERT INTO tutor_drill_grades SELECT * FROM kept_drill_grades;
DROP TABLE kept_drill_grades;
