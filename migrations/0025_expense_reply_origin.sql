-- Expense replies say who wrote them with the shared turn's full vocabulary (issue #46):
-- `origin` replaces `author` ('model'/'app'). An old reply the app wrote because the
-- model crashed or hung was the guide's after a model failure; one it wrote for
-- another failure recorded, after a broken reply; any other app reply stays the app's.
-- SQLite (3.35+) adds and drops a column in place, so the table keeps its rows and ids.
ALTER TABLE expense_messages ADD COLUMN origin TEXT NULL
    CHECK (origin IS NULL OR origin IN ('model', 'offline', 'afterModelFailure', 'afterBrokenReply', 'app'));
UPDATE expense_messages SET origin = CASE
    WHEN author = 'model' THEN 'model'
    WHEN failure LIKE 'model_crashed%' OR failure LIKE 'model_timeout%' THEN 'afterModelFailure'
    WHEN failure IS NOT NULL THEN 'afterBrokenReply'
    ELSE 'app'
END
WHERE author IS NOT NULL;
ALTER TABLE expense_messages DROP COLUMN author;
