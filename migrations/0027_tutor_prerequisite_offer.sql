-- A tutor reply may offer a prerequisite after answering (issue #47): the unit the student
-- may check first, with its title, as JSON ({"unitId": …, "unitTitle": …}); NULL on every
-- other reply and on every row written before.
ALTER TABLE tutor_messages ADD COLUMN offer TEXT;
