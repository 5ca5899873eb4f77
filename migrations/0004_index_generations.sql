-- The published index generation of each owner of indexed records (a course id today).
-- An import writes its records to the vector index under a new generation, then saves
-- the owner and its row here in one transaction: that commit is when the import takes
-- effect. Searches see only the generations listed here; records of any other
-- generation are left-overs of an interrupted import and are swept away.
CREATE TABLE index_generations (
    source      TEXT PRIMARY KEY,
    generation  TEXT NOT NULL
);

-- Courses imported before generations existed: their records carry the generation
-- `legacy` (the index adds the column with that value when it opens an older table).
INSERT INTO index_generations (source, generation) SELECT id, 'legacy' FROM courses;
