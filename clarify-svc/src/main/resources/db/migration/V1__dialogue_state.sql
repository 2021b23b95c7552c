-- clarify-svc dialogue state. Versioned by Flyway; Hibernate never generates schema outside tests.

CREATE TABLE clarify_session (
    id                   UUID PRIMARY KEY,
    question             TEXT        NOT NULL,
    state                VARCHAR(16) NOT NULL,
    confidence_threshold DOUBLE PRECISION NOT NULL,
    max_turns            INTEGER     NOT NULL,
    strategy             VARCHAR(16) NOT NULL,
    seed                 BIGINT      NOT NULL,
    max_options          INTEGER     NOT NULL,
    current_turn         INTEGER     NOT NULL,
    questions_asked      INTEGER     NOT NULL,
    last_reply_any       BOOLEAN     NOT NULL DEFAULT FALSE,
    created_at           TIMESTAMPTZ NOT NULL,
    updated_at           TIMESTAMPTZ NOT NULL,
    version              BIGINT      NOT NULL
);
CREATE INDEX clarify_session_state_updated ON clarify_session (state, updated_at);

-- One row per reading (candidates with the same fingerprint collapsed; aliases keep the others' ids).
CREATE TABLE clarify_candidate (
    id           UUID PRIMARY KEY,
    session_id   UUID    NOT NULL REFERENCES clarify_session (id) ON DELETE CASCADE,
    ordinal      INTEGER NOT NULL,
    candidate_id TEXT    NOT NULL,
    sql_text     TEXT    NOT NULL,
    text         TEXT    NOT NULL,
    fingerprint  TEXT    NOT NULL,
    prior        DOUBLE PRECISION NOT NULL,
    probability  DOUBLE PRECISION NOT NULL,
    aliases      TEXT    NOT NULL,
    UNIQUE (session_id, ordinal)
);

-- A decision variable: codes[i] is the value index of the candidate with ordinal i.
CREATE TABLE clarify_variable (
    id           UUID PRIMARY KEY,
    session_id   UUID        NOT NULL REFERENCES clarify_session (id) ON DELETE CASCADE,
    ordinal      INTEGER     NOT NULL,
    variable_id  VARCHAR(32) NOT NULL,
    paths        TEXT        NOT NULL,
    clause       VARCHAR(32) NOT NULL,
    codes        TEXT        NOT NULL,
    value_keys   TEXT        NOT NULL,
    value_labels TEXT        NOT NULL,
    value_terms  TEXT        NOT NULL,
    status       VARCHAR(16) NOT NULL,
    UNIQUE (session_id, ordinal)
);

-- Every turn: the question (or the resolution), the distribution it was asked under, the reply,
-- how the reply was mapped and the distribution after it.
CREATE TABLE clarify_turn (
    id               UUID PRIMARY KEY,
    session_id       UUID        NOT NULL REFERENCES clarify_session (id) ON DELETE CASCADE,
    number           INTEGER     NOT NULL,
    kind             VARCHAR(16) NOT NULL,
    variable_id      VARCHAR(32),
    question_text    TEXT,
    options          TEXT,
    expected_gain    DOUBLE PRECISION,
    distribution     TEXT        NOT NULL,
    resolution_candidate TEXT,
    resolution_sql   TEXT,
    resolution_interpretation TEXT,
    resolution_confidence DOUBLE PRECISION,
    resolution_reason VARCHAR(24),
    reply_option_id  TEXT,
    reply_free_text  TEXT,
    mapped_option_ids TEXT,
    mapping          VARCHAR(16),
    distribution_after TEXT,
    created_at       TIMESTAMPTZ NOT NULL,
    answered_at      TIMESTAMPTZ,
    UNIQUE (session_id, number)
);

-- Answer idempotency: a retried call with the same key gets the turn it produced back.
CREATE TABLE clarify_idempotency_key (
    id            UUID PRIMARY KEY,
    session_id    UUID    NOT NULL REFERENCES clarify_session (id) ON DELETE CASCADE,
    idem_key      TEXT    NOT NULL,
    answered_turn INTEGER NOT NULL,
    request_digest TEXT   NOT NULL,
    result_turn   INTEGER NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL,
    UNIQUE (session_id, idem_key)
);
