-- The tenant's memory of choices (README, "Memory"): one fork between readings decided in one of a tenant's databases.
CREATE TABLE clarify_remembered_choice (
    id              UUID PRIMARY KEY,
    tenant          TEXT        NOT NULL,
    database_name   TEXT        NOT NULL,
    clause          VARCHAR(32) NOT NULL,
    pivot_term      TEXT        NOT NULL,
    -- SHA-256 of the clause, the pivot term and the fork's values (chosen and rejected, as a set): choosing the same
    -- fork again, either way, writes the same row (an upsert keeps its id)
    fork_key        VARCHAR(64) NOT NULL,
    chosen_value    TEXT        NOT NULL,
    rejected_values TEXT        NOT NULL,
    chosen_label    TEXT        NOT NULL,
    question        TEXT        NOT NULL,
    source          VARCHAR(16) NOT NULL,
    chosen_at       TIMESTAMPTZ NOT NULL,
    expires_at      TIMESTAMPTZ NOT NULL,
    UNIQUE (tenant, database_name, fork_key)
);
-- Recall and Start (the choices of one database, filtered there by chosen value: no index on the value, a slot text
-- may be longer than a B-tree entry takes); ListChoices of one database, newest first; ListChoices of every database
-- of a tenant; the reaper.
CREATE INDEX clarify_remembered_choice_database ON clarify_remembered_choice (tenant, database_name, chosen_at DESC, id DESC);
CREATE INDEX clarify_remembered_choice_tenant ON clarify_remembered_choice (tenant, chosen_at DESC, id DESC);
CREATE INDEX clarify_remembered_choice_expiry ON clarify_remembered_choice (expires_at);

-- Whose dialogue it is ('' = no memory), and the remembered choices that decided forks of it at Start (JSON).
ALTER TABLE clarify_session ADD COLUMN tenant TEXT NOT NULL DEFAULT '';
ALTER TABLE clarify_session ADD COLUMN database_name TEXT NOT NULL DEFAULT '';
ALTER TABLE clarify_session ADD COLUMN remembered TEXT NOT NULL DEFAULT '[]';
ALTER TABLE clarify_turn ADD COLUMN resolution_remembered TEXT NOT NULL DEFAULT '[]';
