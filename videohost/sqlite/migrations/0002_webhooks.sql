-- Webhook endpoints, their deliveries and the attempt log.

-- after_seq is the outbox high-water mark when the endpoint was created: an
-- endpoint only receives events written after it existed.
CREATE TABLE webhook_endpoints (
    id                     TEXT PRIMARY KEY,
    space                  TEXT NOT NULL REFERENCES spaces (id),
    url                    TEXT NOT NULL,
    description            TEXT NOT NULL DEFAULT '',
    events                 TEXT NOT NULL, -- JSON array of event types
    enabled                INTEGER NOT NULL DEFAULT 1,
    sealed_secret          BLOB NOT NULL,
    sealed_previous_secret BLOB,
    previous_secret_until  INTEGER,
    after_seq              INTEGER NOT NULL,
    created_at             INTEGER NOT NULL,
    updated_at             INTEGER NOT NULL
);
CREATE INDEX webhook_endpoints_space ON webhook_endpoints (space, created_at, id);

-- seq follows the outbox order, so an endpoint's deliveries are first tried
-- in the order of the transitions. data is copied from the outbox so that
-- outbox retention never breaks a pending delivery.
CREATE TABLE webhook_deliveries (
    seq             INTEGER PRIMARY KEY AUTOINCREMENT,
    id              TEXT NOT NULL UNIQUE,
    endpoint        TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    event_id        TEXT NOT NULL,
    type            TEXT NOT NULL,
    event_at        INTEGER NOT NULL,
    data            TEXT NOT NULL,
    state           TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER,
    lease_owner     TEXT NOT NULL DEFAULT '',
    lease_until     INTEGER,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (endpoint, seq) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries (endpoint) WHERE lease_until IS NOT NULL;
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint, seq);

CREATE TABLE webhook_attempts (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    delivery         INTEGER NOT NULL REFERENCES webhook_deliveries (seq) ON DELETE CASCADE,
    at               INTEGER NOT NULL,
    status           INTEGER NOT NULL,
    duration_ms      INTEGER NOT NULL,
    error            TEXT NOT NULL DEFAULT '',
    response_excerpt TEXT NOT NULL DEFAULT ''
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery, id);

-- The last outbox seq turned into deliveries; a restarted dispatcher goes on
-- from here. It starts at the current end of the outbox: no endpoint existed
-- before this migration, so no earlier event has anyone to go to.
CREATE TABLE webhook_outbox_cursor (
    id  INTEGER PRIMARY KEY CHECK (id = 1),
    seq INTEGER NOT NULL
);
INSERT INTO webhook_outbox_cursor (id, seq) SELECT 1, COALESCE(MAX(seq), 0) FROM events;
