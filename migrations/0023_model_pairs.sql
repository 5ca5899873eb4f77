-- Issue 45: a model with a draft (speculative decoding) runs with it only where it was
-- measured to write faster. `model_speeds` holds a model's speed alone; a model with a
-- draft is also measured with it, and that figure is kept here under the draft's key too,
-- so it is never read for another draft, nor once the draft is gone (a new draft is a new
-- pair, measured anew). Imports' keys are never reused (AUTOINCREMENT ids).
CREATE TABLE model_pair_speeds (
    model_key     TEXT    NOT NULL,
    draft_key     TEXT    NOT NULL CHECK (draft_key <> model_key),
    threads       INTEGER NOT NULL CHECK (threads > 0),
    cpu           TEXT    NOT NULL,
    prompt_tps    REAL    NOT NULL CHECK (prompt_tps > 0),
    decode_tps    REAL    NOT NULL CHECK (decode_tps > 0),
    peak_ram_bytes INTEGER,
    measured_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (model_key, draft_key, threads, cpu)
);

-- Pairs the model worker refused at load (the draft cannot draft for the model: their
-- vocabularies differ token for token). Such a model runs alone; the refusal does not
-- depend on threads or CPU.
CREATE TABLE model_pair_refusals (
    model_key     TEXT    NOT NULL,
    draft_key     TEXT    NOT NULL,
    reason        TEXT    NOT NULL,
    refused_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (model_key, draft_key)
);

-- Between the pairing (commit 30b7de8) and this migration the writer, the one pack model
-- with a draft, was measured only with it, under its own key: that figure is not its speed
-- alone, so it is measured again.
DELETE FROM model_speeds WHERE model_key = 'pack:qwen2.5-coder-1.5b-instruct';
