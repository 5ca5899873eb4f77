-- Drills: templates a course pack declares per unit (JSON array; see docs/course-pack.md).
-- Misconceptions are now stored as {tag, text} objects; older rows hold plain strings,
-- which the loader tags by position.
ALTER TABLE course_units ADD COLUMN drills TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(drills));

-- A drill's answer key travels with the message that shows it (never in the timeline
-- the window reads) and is graded once.
ALTER TABLE tutor_messages ADD COLUMN drill_key TEXT NULL CHECK (drill_key IS NULL OR json_valid(drill_key));

CREATE TABLE tutor_drill_grades (
    drill_message_id  INTEGER PRIMARY KEY REFERENCES tutor_messages(id) ON DELETE CASCADE,
    answer            TEXT    NOT NULL,
    verdict           TEXT    NOT NULL CHECK (json_valid(verdict)),
    graded_at         TEXT    NOT NULL
);
