-- Who wrote each coach reply (the model, or the deterministic guide when no model was
-- ready, the model failed in that turn or its reply was broken); the student's unsent message per session,
-- autosaved so a restart or a crash never loses it; and when each session was last
-- opened, so the app reopens it on start.
ALTER TABLE coach_messages ADD COLUMN origin TEXT NULL
    CHECK (origin IS NULL OR origin IN ('model', 'offline', 'afterModelFailure', 'afterBrokenReply'));
ALTER TABLE coach_sessions ADD COLUMN unsent_message TEXT NOT NULL DEFAULT '';
ALTER TABLE coach_sessions ADD COLUMN opened_at TEXT NULL;
