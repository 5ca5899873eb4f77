-- The local exam service (spec 001, EPIC F: "the existing exam API", authoritative):
-- every submitted answer, and the 24-hour lockouts that an incorrect answer or a viewed
-- memo or video puts on a question. Times are unix milliseconds (UTC), so a lockout
-- boundary compares exactly. Courses are referred to by id without a foreign key, so
-- re-importing a course keeps what the student did.
CREATE TABLE exam_attempts (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id    INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    course_id     TEXT    NOT NULL,
    question_id   TEXT    NOT NULL,
    option_id     TEXT    NOT NULL,
    correct       INTEGER NOT NULL CHECK (correct IN (0, 1)),
    attempted_ms  INTEGER NOT NULL
);
CREATE INDEX exam_attempts_by_question ON exam_attempts (profile_id, course_id, question_id);

CREATE TABLE exam_locks (
    profile_id    INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    course_id     TEXT    NOT NULL,
    question_id   TEXT    NOT NULL,
    locked_ms     INTEGER NOT NULL,
    until_ms      INTEGER NOT NULL,
    reason        TEXT    NOT NULL CHECK (reason IN ('incorrect', 'memo', 'video')),
    PRIMARY KEY (profile_id, course_id, question_id)
);

-- A local video walkthrough a pack may ship for a question (path inside the course's
-- media folder).
ALTER TABLE exam_questions ADD COLUMN video TEXT NULL;
