-- Every change of a unit's mastery, for the progress chart (tiers over time). Written in
-- the transaction of the evidence that changed it (a graded drill or an exam event) and
-- kept when a thread is deleted, like the snapshot.
CREATE TABLE tutor_mastery_events (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id    INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    course_id     TEXT    NOT NULL,
    unit_id       TEXT    NOT NULL,
    mastery_tier  TEXT    NOT NULL CHECK (mastery_tier IN ('none', 'bronze', 'silver', 'gold')),
    at_ms         INTEGER NOT NULL
);
CREATE INDEX tutor_mastery_events_by_course ON tutor_mastery_events (profile_id, course_id, at_ms);

-- Exam events saved before this table existed carry the unit's mastery on their card.
INSERT INTO tutor_mastery_events (profile_id, course_id, unit_id, mastery_tier, at_ms)
SELECT t.profile_id, t.course_id, json_extract(m.card, '$.unitId'), json_extract(m.card, '$.masteryTier'),
       CAST((julianday(m.created_at) - 2440587.5) * 86400000 AS INTEGER)
FROM tutor_messages m JOIN tutor_threads t ON t.id = m.thread_id
WHERE m.card IS NOT NULL AND json_extract(m.card, '$.type') = 'EXAM_OUTCOME'
  AND json_extract(m.card, '$.masteryTier') IN ('none', 'bronze', 'silver', 'gold');
