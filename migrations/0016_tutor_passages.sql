-- Grounded tutor turns (issue #33): a tutor message keeps the passage of the course's
-- material it rests on (unit, file, section, quote, full text; JSON) and the verdict on
-- the student's answer it replies to (`right`, `partly`, `not_yet`).
ALTER TABLE tutor_messages ADD COLUMN passage TEXT;
ALTER TABLE tutor_messages ADD COLUMN verdict TEXT;
