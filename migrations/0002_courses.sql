-- Courses imported from course packs. Shared by every profile (teaching material, not
-- student data). Re-importing a course deletes its rows here and inserts the new ones:
-- tables of student progress must refer to courses and units by id WITHOUT a cascading
-- foreign key, so a re-import never deletes what a student did.
CREATE TABLE courses (
    id           TEXT PRIMARY KEY,
    title        TEXT NOT NULL,
    language     TEXT NOT NULL,
    description  TEXT NOT NULL,
    entry_unit   TEXT NOT NULL,
    imported_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE course_units (
    course_id       TEXT    NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    id              TEXT    NOT NULL,
    position        INTEGER NOT NULL,
    title           TEXT    NOT NULL,
    anchor          TEXT    NOT NULL,
    tags            TEXT    NOT NULL, -- JSON array of strings
    misconceptions  TEXT    NOT NULL, -- JSON array of strings
    PRIMARY KEY (course_id, id)
);

CREATE TABLE course_prerequisites (
    course_id  TEXT NOT NULL,
    from_unit  TEXT NOT NULL,
    to_unit    TEXT NOT NULL,
    PRIMARY KEY (course_id, from_unit, to_unit),
    FOREIGN KEY (course_id, from_unit) REFERENCES course_units (course_id, id) ON DELETE CASCADE,
    FOREIGN KEY (course_id, to_unit) REFERENCES course_units (course_id, id) ON DELETE CASCADE
);

CREATE TABLE exam_questions (
    course_id   TEXT    NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    id          TEXT    NOT NULL,
    position    INTEGER NOT NULL,
    tier        TEXT    NOT NULL CHECK (tier IN ('bronze', 'silver', 'gold')),
    stem        TEXT    NOT NULL,
    options     TEXT    NOT NULL, -- JSON array of {id, text}
    correct     TEXT    NOT NULL,
    memo        TEXT    NOT NULL,
    tags        TEXT    NOT NULL, -- JSON array of strings
    transcript  TEXT,
    PRIMARY KEY (course_id, id)
);

CREATE TABLE exam_question_units (
    course_id    TEXT NOT NULL,
    question_id  TEXT NOT NULL,
    unit_id      TEXT NOT NULL,
    PRIMARY KEY (course_id, question_id, unit_id),
    FOREIGN KEY (course_id, question_id) REFERENCES exam_questions (course_id, id) ON DELETE CASCADE,
    FOREIGN KEY (course_id, unit_id) REFERENCES course_units (course_id, id) ON DELETE CASCADE
);

CREATE INDEX exam_question_units_by_unit ON exam_question_units (course_id, unit_id);
