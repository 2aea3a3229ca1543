-- Times are timestamptz (microseconds, UTC); NULL means "no time".
-- Structured video fields are jsonb: nothing queries inside them yet.
-- Ids sort bytewise (COLLATE "C"), as keyset cursors and SQLite do.

CREATE TABLE spaces (
    id         text COLLATE "C" PRIMARY KEY,
    name       text NOT NULL,
    space_url  text NOT NULL DEFAULT '',
    image_url  text NOT NULL DEFAULT '',
    cdn_url    text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL
);

CREATE TABLE api_keys (
    id            text COLLATE "C" PRIMARY KEY,
    space         text NOT NULL REFERENCES spaces (id),
    access        text NOT NULL,
    name          text NOT NULL DEFAULT '',
    secret_hash   bytea NOT NULL,
    sealed_secret bytea NOT NULL,
    created_at    timestamptz NOT NULL,
    last_used_at  timestamptz
);
CREATE INDEX api_keys_space ON api_keys (space, created_at, id);

-- (space, parent) references (space, id): a parent is always in the same
-- space. A NULL parent is a top-level collection and is not checked.
CREATE TABLE collections (
    id         text COLLATE "C" PRIMARY KEY,
    space      text NOT NULL REFERENCES spaces (id),
    name       text NOT NULL,
    parent     text,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    UNIQUE (space, id),
    FOREIGN KEY (space, parent) REFERENCES collections (space, id)
);
CREATE INDEX collections_parent ON collections (space, parent, id);

-- videos.collection has no foreign key on purpose: a deleted video keeps its
-- row (ids are never reused) and must not pin its collection forever. The
-- store checks the collection inside the write transaction instead.
CREATE TABLE videos (
    id              text COLLATE "C" PRIMARY KEY,
    embed           text NOT NULL UNIQUE,
    space           text NOT NULL REFERENCES spaces (id),
    collection      text,
    title           text NOT NULL DEFAULT '',
    description     text NOT NULL DEFAULT '',
    metadata        jsonb,
    state           text NOT NULL,
    playable        boolean NOT NULL DEFAULT false,
    archived        boolean NOT NULL DEFAULT false,
    duration        double precision NOT NULL DEFAULT 0,
    width           integer NOT NULL DEFAULT 0,
    height          integer NOT NULL DEFAULT 0,
    aspect_ratio    text NOT NULL DEFAULT '',
    source          jsonb,
    renditions      jsonb,
    audio_tracks    jsonb,
    subtitles       jsonb,
    urls            jsonb,
    playback_policy text NOT NULL DEFAULT 'public',
    poster_time     double precision,
    input_url       text NOT NULL DEFAULT '',
    error           jsonb,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    ready_at        timestamptz,
    asset_version   text NOT NULL DEFAULT '',
    assets          jsonb NOT NULL DEFAULT '{}',
    deleted_at      timestamptz
);
CREATE INDEX videos_space_created ON videos (space, created_at, id);
CREATE INDEX videos_collection_created ON videos (space, collection, created_at, id);

-- The outbox. Writers take an advisory lock before inserting (see
-- writeChange), so seq is handed out in commit order and a reader's
-- "after seq" cursor never skips an event committed late. data is json,
-- not jsonb: the bytes are kept as written, since webhook bodies are signed.
CREATE TABLE events (
    seq        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id         text NOT NULL UNIQUE,
    type       text NOT NULL,
    space      text NOT NULL,
    video_id   text NOT NULL,
    created_at timestamptz NOT NULL,
    data       json NOT NULL
);

-- Jobs run on River: its tables (river_*) are migrated with these, in the
-- same transaction. job_finished records the jobs whose run ended for good,
-- written before the run lets go of the job's advisory lock: a copy of a
-- job that River's rescuer made while the job was still running finds it
-- here and ends without running again. Rows go after a week.
CREATE TABLE job_finished (
    job_id      bigint PRIMARY KEY,
    outcome     text NOT NULL, -- completed or cancelled
    finished_at timestamptz NOT NULL
);
CREATE INDEX job_finished_at ON job_finished (finished_at);
