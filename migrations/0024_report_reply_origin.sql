-- Who wrote a report reply is stored in the vocabulary every loop shares (issue #46):
-- report_messages' `author` ('model' or 'app') becomes `origin` (model, offline,
-- afterModelFailure, afterBrokenReply, app), decided by the shared turn. Old replies
-- keep what their row tells: the model's words stay 'model'; the app's help with no
-- model is 'offline'; the app's words after the model crashed or hung are
-- 'afterModelFailure'; after a loop that gave nothing usable (failed, step limit,
-- repeated call) 'afterBrokenReply'; any other app reply 'app'.
-- report_changes(message_id) refers to report_messages ON DELETE SET NULL, so the
-- table is not rebuilt (dropping it would unlink every change from its request): the
-- column is added, filled, and the old one dropped in place (SQLite 3.35 or later).
ALTER TABLE report_messages ADD COLUMN origin TEXT NULL
    CHECK (origin IS NULL OR origin IN ('model', 'offline', 'afterModelFailure', 'afterBrokenReply', 'app'));
UPDATE report_messages SET origin = CASE
        WHEN author = 'model' THEN 'model'
        WHEN turn_end = 'offline' THEN 'offline'
        WHEN failure LIKE 'model_crashed%' OR failure LIKE 'model_timeout%' THEN 'afterModelFailure'
        WHEN turn_end IN ('modelFailed', 'stepLimit', 'repeatedCall') THEN 'afterBrokenReply'
        ELSE 'app'
    END
    WHERE author IS NOT NULL;
ALTER TABLE report_messages DROP COLUMN author;
