-- Timestamps are integer unix nanoseconds (UTC): they sort and compare
-- exactly, which keyset cursors rely on. NULL means "no time".

CREATE TABLE spaces (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    space_url  TEXT NOT NULL DEFAULT '',
    image_url  TEXT NOT NULL DEFAULT '',
    cdn_url    TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
);

CREATE TABLE api_keys (
    id            TEXT PRIMARY KEY,
    space         TEXT NOT NULL REFERENCES spaces (id),
    access        TEXT NOT NULL,
    name          TEXT NOT NULL DEFAULT '',
    secret_hash   BLOB NOT NULL,
    sealed_secret BLOB NOT NULL,
    created_at    INTEGER NOT NULL,
    last_used_at  INTEGER
);
CREATE INDEX api_keys_space ON api_keys (space, created_at, id);

-- (space, parent) references (space, id): a parent is always in the same
-- space. A NULL parent is a top-level collection and is not checked.
CREATE TABLE collections (
    id         TEXT PRIMARY KEY,
    space      TEXT NOT NULL REFERENCES spaces (id),
    name       TEXT NOT NULL,
    parent     TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    UNIQUE (space, id),
    FOREIGN KEY (space, parent) REFERENCES collections (space, id)
);
CREATE INDEX collections_parent ON collections (space, parent, id);

-- videos.collection has no foreign key on purpose: a deleted video keeps its
-- row (ids are never reused) and must not pin its collection forever. The
-- store checks the collection inside the write transaction instead.
CREATE TABLE videos (
    id              TEXT PRIMARY KEY,
    embed           TEXT NOT NULL UNIQUE,
    space           TEXT NOT NULL REFERENCES spaces (id),
    collection      TEXT,
    title           TEXT NOT NULL DEFAULT '',
    description     TEXT NOT NULL DEFAULT '',
    metadata        TEXT,
    state           TEXT NOT NULL,
    playable        INTEGER NOT NULL DEFAULT 0,
    archived        INTEGER NOT NULL DEFAULT 0,
    duration        REAL NOT NULL DEFAULT 0,
    width           INTEGER NOT NULL DEFAULT 0,
    height          INTEGER NOT NULL DEFAULT 0,
    aspect_ratio    TEXT NOT NULL DEFAULT '',
    source          TEXT,
    renditions      TEXT,
    audio_tracks    TEXT,
    subtitles       TEXT,
    urls            TEXT,
    playback_policy TEXT NOT NULL DEFAULT 'public',
    poster_time     REAL,
    input_url       TEXT NOT NULL DEFAULT '',
    error           TEXT,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    ready_at        INTEGER,
    asset_version   TEXT NOT NULL DEFAULT '',
    assets          TEXT NOT NULL DEFAULT '{}',
    deleted_at      INTEGER
);
CREATE INDEX videos_space_created ON videos (space, created_at, id);
CREATE INDEX videos_collection_created ON videos (space, collection, created_at, id);

-- The outbox: seq is AUTOINCREMENT so that a deleted tail row's seq is never
-- handed out again (a dispatcher's "after" cursor must never skip an event).
CREATE TABLE events (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    id         TEXT NOT NULL UNIQUE,
    type       TEXT NOT NULL,
    space      TEXT NOT NULL,
    video_id   TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    data       TEXT NOT NULL
);

CREATE TABLE jobs (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    kind         TEXT NOT NULL,
    space        TEXT NOT NULL DEFAULT '',
    video_id     TEXT NOT NULL DEFAULT '',
    payload      TEXT,
    state        TEXT NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    run_at       INTEGER NOT NULL,
    lease_owner  TEXT NOT NULL DEFAULT '',
    lease_until  INTEGER,
    last_error   TEXT NOT NULL DEFAULT '',
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
);
CREATE INDEX jobs_queued ON jobs (state, run_at, id);
CREATE INDEX jobs_leased ON jobs (state, lease_until, id);
