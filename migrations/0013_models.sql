-- The Models page (issue 19): GGUF files the user imported (copied into the data folder
-- or referenced where they are) and each model's speed as measured on this machine, per
-- thread count and CPU, so the automatic choice never guesses. Pack models are named by
-- `pack:<manifest name>`, imported ones by `imported:<id>`.
CREATE TABLE imported_models (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    path          TEXT    NOT NULL UNIQUE,
    copied        INTEGER NOT NULL CHECK (copied IN (0, 1)),
    name          TEXT    NOT NULL,
    architecture  TEXT    NOT NULL,
    size_bytes    INTEGER NOT NULL CHECK (size_bytes > 0),
    ram_bytes     INTEGER NOT NULL CHECK (ram_bytes > 0),
    chat_template INTEGER NOT NULL CHECK (chat_template IN (0, 1)),
    added_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE model_speeds (
    model_key     TEXT    NOT NULL,
    threads       INTEGER NOT NULL CHECK (threads > 0),
    cpu           TEXT    NOT NULL,
    prompt_tps    REAL    NOT NULL CHECK (prompt_tps > 0),
    decode_tps    REAL    NOT NULL CHECK (decode_tps > 0),
    peak_ram_bytes INTEGER,
    measured_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (model_key, threads, cpu)
);
