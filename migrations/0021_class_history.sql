-- Issue 44: a class keeps every hand-in it imported (an import never deletes one), and
-- the teacher may choose which of a student's hand-ins is in use.
-- `summary` holds what choosing and flagging need without reading the report (each
-- course's first activity and answers, as JSON); rows imported before this migration
-- get theirs the first time the class is read.
ALTER TABLE class_hand_ins ADD COLUMN summary TEXT NULL CHECK (summary IS NULL OR json_valid(summary));

-- The hand-in the teacher chose for a student instead of the most trusted one.
CREATE TABLE class_choices (
    class_id     INTEGER NOT NULL,
    student_key  TEXT    NOT NULL,
    digest       TEXT    NOT NULL,
    chosen_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (class_id, student_key),
    FOREIGN KEY (class_id, digest) REFERENCES class_hand_ins (class_id, digest) ON DELETE CASCADE
);
