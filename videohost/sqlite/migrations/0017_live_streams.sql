-- Live streams (videohost.LiveStream): a stream key and the settings of the
-- live sessions published with it. key_hash is the hex SHA-256 of the key
-- (the key itself is never stored); an ingest finds the stream by it, in
-- any space, hence the unique index. collection_id is '' for none and has
-- no foreign key: deleting a collection must not fail on a stream that
-- records into it (the session checks the collection when it starts).
-- active_video_id and last_video_id are '' when there is none.
CREATE TABLE live_streams (
    id               TEXT PRIMARY KEY,
    space            TEXT NOT NULL REFERENCES spaces (id),
    title            TEXT NOT NULL,
    collection_id    TEXT NOT NULL DEFAULT '',
    playback_policy  TEXT NOT NULL CHECK (playback_policy IN ('public', 'signed')),
    latency_mode     TEXT NOT NULL CHECK (latency_mode IN ('low', 'standard')),
    record           INTEGER NOT NULL,
    reconnect_window INTEGER NOT NULL,
    dvr_window       INTEGER NOT NULL,
    state            TEXT NOT NULL CHECK (state IN ('idle', 'connected', 'active', 'disconnected')),
    active_video_id  TEXT NOT NULL DEFAULT '',
    last_video_id    TEXT NOT NULL DEFAULT '',
    key_hash         TEXT NOT NULL,
    key_hint         TEXT NOT NULL,
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    state_changed_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX live_streams_key_hash ON live_streams (key_hash);
CREATE INDEX live_streams_space ON live_streams (space, id);
