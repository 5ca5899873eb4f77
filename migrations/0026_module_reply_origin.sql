-- Every module reply goes through the shared turn, which says who wrote it in the
-- vocabulary every loop stores (issue #46): replies code wrote without the model, saved
-- as 'code' until now, are 'app', and the column accepts only the shared names. SQLite
-- cannot add a CHECK constraint in place, so module_messages is rebuilt inside the
-- migration's transaction; no table refers to it, and every row keeps its id and
-- columns.
CREATE TABLE module_messages_rebuilt (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id  INTEGER NOT NULL REFERENCES module_sessions(id) ON DELETE CASCADE,
    role        TEXT    NOT NULL CHECK (role IN ('student', 'module')),
    text        TEXT    NOT NULL,
    form        TEXT    NULL CHECK (form IS NULL OR json_valid(form)),
    reply       TEXT    NULL CHECK (reply IS NULL OR json_valid(reply)),
    -- who wrote a reply: model, the app from the module's own material (app), or the
    -- guide (offline, afterModelFailure, afterBrokenReply); when the model returned
    -- text, how it read (schema, legacyForm, salvaged, markdown) and how many elements
    -- the schema checks repaired
    origin      TEXT    NULL
                CHECK (origin IS NULL OR origin IN ('model', 'offline', 'afterModelFailure', 'afterBrokenReply', 'app')),
    read_as     TEXT    NULL,
    repairs     INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO module_messages_rebuilt
    (id, session_id, role, text, form, reply, origin, read_as, repairs, created_at)
    SELECT id, session_id, role, text, form, reply,
           CASE origin WHEN 'code' THEN 'app' ELSE origin END,
           read_as, repairs, created_at
    FROM module_messages;
DROP TABLE module_messages;
ALTER TABLE module_messages_rebuilt RENAME TO module_messages;
CREATE INDEX module_messages_by_session ON module_messages (session_id, id);
