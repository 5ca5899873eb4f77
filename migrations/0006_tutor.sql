-- The tutor: threads per profile and course, their timeline, the student's snapshot per
-- profile and course, and one log row per turn. Courses are referred to by id without a
-- foreign key, so re-importing a course never deletes what a student did.
CREATE TABLE tutor_threads (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id  INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    course_id   TEXT    NOT NULL,
    title       TEXT    NOT NULL,
    language    TEXT    NOT NULL CHECK (language IN ('en', 'es')),
    turns       INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX tutor_threads_by_profile ON tutor_threads (profile_id, updated_at);

CREATE TABLE tutor_messages (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    thread_id   INTEGER NOT NULL REFERENCES tutor_threads(id) ON DELETE CASCADE,
    turn_id     TEXT    NOT NULL,
    role        TEXT    NOT NULL CHECK (role IN ('user', 'assistant')),
    text        TEXT    NOT NULL,
    latex       TEXT    NULL,
    card        TEXT    NULL CHECK (card IS NULL OR json_valid(card)),
    origin      TEXT    NULL
                CHECK (origin IS NULL OR origin IN ('model', 'offline', 'afterModelFailure', 'afterBrokenReply')),
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX tutor_messages_by_thread ON tutor_messages (thread_id, id);

CREATE TABLE tutor_snapshots (
    profile_id  INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    course_id   TEXT    NOT NULL,
    snapshot    TEXT    NOT NULL CHECK (json_valid(snapshot)),
    updated_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (profile_id, course_id)
);

CREATE TABLE tutor_turns (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    thread_id       INTEGER NOT NULL REFERENCES tutor_threads(id) ON DELETE CASCADE,
    turn_id         TEXT    NOT NULL UNIQUE,
    chosen_action   TEXT    NOT NULL,
    validated       INTEGER NOT NULL CHECK (validated IN (0, 1)),
    fallback_reason TEXT    NULL,
    latency_ms      REAL    NOT NULL,
    prompt_tokens   INTEGER NULL,
    log             TEXT    NOT NULL CHECK (json_valid(log)),
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX tutor_turns_by_thread ON tutor_turns (thread_id, id);
