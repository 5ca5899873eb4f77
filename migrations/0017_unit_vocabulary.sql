-- A unit's vocabulary from its material (issue #33): the key terms its notes mark
-- (headings, bold words) and their distinct content words, as JSON
-- {"keyTerms": [...], "words": [...]}; mapping reads them as lexical evidence. Courses
-- imported before keep NULL until re-imported (mapping then reads title, tags, anchor).
ALTER TABLE course_units ADD COLUMN vocabulary TEXT;
