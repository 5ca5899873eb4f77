-- Issue 36: progress hand-ins and the class view.
-- A profile is a student's (the default) or a class's: a teacher's workspace that
-- imports hand-in files and studies nothing itself. A student profile gets a random
-- key the first time it hands in, so the class view tells apart two students with one
-- name; the key never changes.
ALTER TABLE profiles ADD COLUMN kind TEXT NOT NULL DEFAULT 'student' CHECK (kind IN ('student', 'class'));
ALTER TABLE profiles ADD COLUMN student_key TEXT NULL CHECK (student_key IS NULL OR length(student_key) = 32);

-- The hand-ins a class profile imported: one row per distinct content (its SHA-256),
-- so importing the same file again changes nothing. A hand-in superseded by a newer
-- one of the same student (covering all its courses) is deleted in the import's
-- transaction. `report` is the validated report; `edited` says its seal did not match.
CREATE TABLE class_hand_ins (
    class_id      INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    digest        TEXT    NOT NULL CHECK (length(digest) = 64),
    student_key   TEXT    NOT NULL,
    student_name  TEXT    NOT NULL,
    exported_at   TEXT    NOT NULL,
    edited        INTEGER NOT NULL CHECK (edited IN (0, 1)),
    file_name     TEXT    NOT NULL,
    report        TEXT    NOT NULL CHECK (json_valid(report)),
    imported_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (class_id, digest)
);
CREATE INDEX class_hand_ins_by_student ON class_hand_ins (class_id, student_key);
