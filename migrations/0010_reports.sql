-- Reports (spec 002): projects per profile; reports in a project; every state of a
-- report as a version (the tree as JSON, numbers never stored); the report's
-- conversation; and every change proposed by a turn, waiting for review until the
-- student accepts (a new version) or rejects it.
CREATE TABLE projects (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id  INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    name        TEXT    NOT NULL,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (profile_id, name)
);

CREATE TABLE reports (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id  INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    project_id  INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    title       TEXT    NOT NULL,
    source_name TEXT    NOT NULL,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX reports_by_profile ON reports (profile_id, updated_at);

CREATE TABLE report_versions (
    report_id   INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
    version     INTEGER NOT NULL CHECK (version >= 1),
    tree        TEXT    NOT NULL CHECK (json_valid(tree)),
    cause       TEXT    NOT NULL CHECK (cause IN ('import', 'accept', 'edit', 'undo', 'restore')),
    summary     TEXT    NOT NULL,
    -- For an undo: the version it took back.
    undoes      INTEGER NULL,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (report_id, version)
);

CREATE TABLE report_messages (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    report_id   INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
    role        TEXT    NOT NULL CHECK (role IN ('student', 'assistant')),
    text        TEXT    NOT NULL,
    -- For a reply: who wrote it, how the turn ended, why the app answered.
    author      TEXT    NULL CHECK (author IS NULL OR author IN ('model', 'app')),
    turn_end    TEXT    NULL,
    failure     TEXT    NULL,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX report_messages_by_report ON report_messages (report_id, id);

CREATE TABLE report_changes (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    report_id   INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
    -- The student's request that led to it.
    message_id  INTEGER NULL REFERENCES report_messages(id) ON DELETE SET NULL,
    op          TEXT    NOT NULL CHECK (json_valid(op)),
    reason      TEXT    NOT NULL,
    author      TEXT    NOT NULL CHECK (author IN ('model', 'app')),
    status      TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
    -- The version that accepting it created.
    accepted_in INTEGER NULL,
    -- Whether a rejection was told to the model in a later turn.
    told        INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    decided_at  TEXT    NULL
);
CREATE INDEX report_changes_by_report ON report_changes (report_id, status, id);

-- A project's specification files; their passages are in the index's `project_specs`
-- collection, each file its own owner (`project-<id>/<name>`) whose published
-- generation is in `index_generations`, written in the same transaction as this row.
CREATE TABLE project_spec_files (
    project_id  INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    name        TEXT    NOT NULL,
    passages    INTEGER NOT NULL,
    imported_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (project_id, name)
);
