-- The fingerprint of the installation's secret (videohost.SecretFingerprint:
-- an HMAC of a fixed string under the secret, never the secret), written by
-- the first process that starts on this database; a process started with
-- another secret refuses to start rather than failing every key it reads.
CREATE TABLE secret_fingerprint (
    id          integer PRIMARY KEY CHECK (id = 1),
    fingerprint text NOT NULL
);
