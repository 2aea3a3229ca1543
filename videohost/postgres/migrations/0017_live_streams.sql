-- Live streams (videohost.LiveStream): a stream key and the settings of the
-- live sessions published with it. key_hash is the hex SHA-256 of the key
-- (the key itself is never stored); an ingest finds the stream by it, in
-- any space, hence the unique index. collection_id is '' for none and has
-- no foreign key: deleting a collection must not fail on a stream that
-- records into it (the session checks the collection when it starts).
-- active_video_id and last_video_id are '' when there is none.
CREATE TABLE live_streams (
    id               text COLLATE "C" PRIMARY KEY,
    space            text NOT NULL REFERENCES spaces (id),
    title            text NOT NULL,
    collection_id    text NOT NULL DEFAULT '',
    playback_policy  text NOT NULL CHECK (playback_policy IN ('public', 'signed')),
    latency_mode     text NOT NULL CHECK (latency_mode IN ('low', 'standard')),
    record           boolean NOT NULL,
    reconnect_window integer NOT NULL,
    dvr_window       integer NOT NULL,
    state            text NOT NULL CHECK (state IN ('idle', 'connected', 'active', 'disconnected')),
    active_video_id  text NOT NULL DEFAULT '',
    last_video_id    text NOT NULL DEFAULT '',
    key_hash         text NOT NULL,
    key_hint         text NOT NULL,
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL,
    state_changed_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX live_streams_key_hash ON live_streams (key_hash);
CREATE INDEX live_streams_space ON live_streams (space, id);
