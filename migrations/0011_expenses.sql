-- Expenses (spec 003): each profile (the spec's tenant) keeps its own expenses, with a
-- role (owner: every tool; viewer: balance and list only) and a currency for amounts
-- that name none. Amounts are integer minor units (pence, cents), never floating point.
-- The conversation keeps what each question left for the next turn (`draft`); every
-- proposal waiting for a yes is stored here and runs exactly once, as stored.
CREATE TABLE expense_settings (
    profile_id  INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
    role        TEXT    NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'viewer')),
    currency    TEXT    NOT NULL DEFAULT 'GBP' CHECK (currency IN ('GBP', 'EUR', 'USD', 'MXN'))
);

CREATE TABLE expenses (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id   INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    item         TEXT    NOT NULL CHECK (length(item) BETWEEN 1 AND 80),
    amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
    currency     TEXT    NOT NULL CHECK (currency IN ('GBP', 'EUR', 'USD', 'MXN')),
    spent_on     TEXT    NOT NULL CHECK (date(spent_on) IS spent_on),
    category     TEXT    NOT NULL,
    created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX expenses_by_profile ON expenses (profile_id, spent_on, id);

CREATE TABLE expense_proposals (
    id          TEXT    PRIMARY KEY,
    profile_id  INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    tool        TEXT    NOT NULL,
    args        TEXT    NOT NULL CHECK (json_valid(args)),
    reason      TEXT    NOT NULL CHECK (reason IN ('suggested', 'vague', 'delete')),
    draft       TEXT    NOT NULL CHECK (json_valid(draft)),
    status      TEXT    NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'confirmed', 'cancelled', 'superseded')),
    created_at  TEXT    NOT NULL,
    expires_at  TEXT    NOT NULL,
    decided_at  TEXT    NULL
);
CREATE INDEX expense_proposals_by_profile ON expense_proposals (profile_id, status);

CREATE TABLE expense_messages (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id  INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
    role        TEXT    NOT NULL CHECK (role IN ('student', 'assistant')),
    text        TEXT    NOT NULL,
    -- For a reply: the decision's kind, its language, who wrote the words, why the app
    -- answered, what the next turn continues (`draft`), the proposal it asked about,
    -- the expense it touched, and what it did (the handler's added/updated/… as JSON).
    kind        TEXT    NULL CHECK (kind IS NULL OR kind IN ('clarify', 'tool_call', 'answer')),
    language    TEXT    NULL,
    author      TEXT    NULL CHECK (author IS NULL OR author IN ('model', 'app')),
    failure     TEXT    NULL,
    draft       TEXT    NULL CHECK (draft IS NULL OR json_valid(draft)),
    proposal_id TEXT    NULL REFERENCES expense_proposals(id) ON DELETE SET NULL,
    touched     INTEGER NULL,
    result      TEXT    NULL CHECK (result IS NULL OR json_valid(result)),
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX expense_messages_by_profile ON expense_messages (profile_id, id);
