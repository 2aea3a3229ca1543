-- Signing keys keep only their public half: the private half is shown once,
-- in the response that creates the key, and never stored.
CREATE TABLE signing_keys (
    id         text COLLATE "C" PRIMARY KEY,
    space      text NOT NULL REFERENCES spaces (id),
    algorithm  text NOT NULL,
    public_pem text NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX signing_keys_space ON signing_keys (space, created_at, id);
