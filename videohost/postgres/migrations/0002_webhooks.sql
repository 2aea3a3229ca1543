-- Webhook endpoints, their deliveries and the attempt log.

-- after_seq is the outbox high-water mark when the endpoint was created: an
-- endpoint only receives events written after it existed.
CREATE TABLE webhook_endpoints (
    id                     text COLLATE "C" PRIMARY KEY,
    space                  text NOT NULL REFERENCES spaces (id),
    url                    text NOT NULL,
    description            text NOT NULL DEFAULT '',
    events                 jsonb NOT NULL, -- array of event types
    enabled                boolean NOT NULL DEFAULT true,
    sealed_secret          bytea NOT NULL,
    sealed_previous_secret bytea,
    previous_secret_until  timestamptz,
    after_seq              bigint NOT NULL,
    created_at             timestamptz NOT NULL,
    updated_at             timestamptz NOT NULL
);
CREATE INDEX webhook_endpoints_space ON webhook_endpoints (space, created_at, id);

-- seq follows the outbox order, so an endpoint's deliveries are first tried
-- in the order of the transitions. data is copied from the outbox so that
-- outbox retention never breaks a pending delivery.
CREATE TABLE webhook_deliveries (
    seq             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id              text NOT NULL UNIQUE,
    endpoint        text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    event_id        text NOT NULL,
    type            text NOT NULL,
    event_at        timestamptz NOT NULL,
    data            json NOT NULL,
    state           text NOT NULL,
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz,
    lease_owner     text NOT NULL DEFAULT '',
    lease_until     timestamptz,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (endpoint, seq) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries (endpoint) WHERE lease_until IS NOT NULL;
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint, seq);

CREATE TABLE webhook_attempts (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    delivery         bigint NOT NULL REFERENCES webhook_deliveries (seq) ON DELETE CASCADE,
    at               timestamptz NOT NULL,
    status           integer NOT NULL,
    duration_ms      bigint NOT NULL,
    error            text NOT NULL DEFAULT '',
    response_excerpt text NOT NULL DEFAULT ''
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery, id);

-- The last outbox seq turned into deliveries; a restarted dispatcher goes on
-- from here. Fan-out locks this row, so two dispatchers take turns.
CREATE TABLE webhook_outbox_cursor (
    id  integer PRIMARY KEY CHECK (id = 1),
    seq bigint NOT NULL
);
INSERT INTO webhook_outbox_cursor (id, seq) SELECT 1, COALESCE(MAX(seq), 0) FROM events;
