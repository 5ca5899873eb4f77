-- Course media moved from media/<course>/… to media/courses/<course>/… (a course whose id
-- was `reports` or `modules` shared a folder with report pictures or module media, and an
-- import removed them). The files are moved by lantern_rag::move_legacy_course_media when
-- the app or the CLI starts; the stored video paths gain the same prefix here.
UPDATE exam_questions
   SET video = 'courses/' || video
 WHERE video IS NOT NULL AND video NOT LIKE 'courses/%';
