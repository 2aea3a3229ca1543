-- Signing keys keep only their public half: the private half is shown once,
-- in the response that creates the key, and never stored.
CREATE TABLE signing_keys (
    id         TEXT PRIMARY KEY,
    space      TEXT NOT NULL REFERENCES spaces (id),
    algorithm  TEXT NOT NULL,
    public_pem TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX signing_keys_space ON signing_keys (space, created_at, id);
