-- Playback analytics (DESIGN.md section 9). Nothing here holds an IP address
-- or a User-Agent: viewers are daily salted hashes whose salt never leaves
-- memory, clients are browser/OS/device families, pages are origins.

-- Raw events, kept for a configurable number of days (30 by default) and
-- never read by the stats API. The video's space and the client families
-- live on the session row.
CREATE TABLE playback_events (
    id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    video_id text NOT NULL,
    session  text NOT NULL,
    at       timestamptz NOT NULL,
    kind     text NOT NULL,
    position double precision NOT NULL,
    from_s   double precision,
    to_s     double precision,
    value    double precision,
    text     text,
    message  text
);
CREATE INDEX playback_events_at ON playback_events (at);

-- One row per playback session: what the writer needs to fold later events
-- in (state, JSON) and the contribution the session has made to the rollup
-- of the hour it started in (inside state), so that it adds only the change.
CREATE TABLE playback_sessions (
    video_id  text NOT NULL,
    session   text NOT NULL,
    space     text NOT NULL,
    hour      timestamptz NOT NULL,
    viewer    text NOT NULL,
    browser   text NOT NULL,
    os        text NOT NULL,
    device    text NOT NULL,
    referrer  text NOT NULL,
    last_seen timestamptz NOT NULL,
    state     text NOT NULL,
    PRIMARY KEY (video_id, session)
);
CREATE INDEX playback_sessions_last_seen ON playback_sessions (last_seen);

-- The viewer hashes already counted as unique on a day (a day's salt makes
-- them meaningless the next day; rows are swept after two days).
CREATE TABLE playback_viewers (
    video_id text NOT NULL,
    day      timestamptz NOT NULL,
    viewer   text NOT NULL,
    PRIMARY KEY (video_id, day, viewer)
);

-- The rollup the stats API reads: one row per video and hour. startup and
-- retention are little-endian int64 arrays (20 histogram buckets, 100
-- retention counters).
CREATE TABLE playback_hourly (
    video_id       text NOT NULL,
    hour           timestamptz NOT NULL,
    space          text NOT NULL,
    sessions       bigint NOT NULL,
    views          bigint NOT NULL,
    unique_viewers bigint NOT NULL,
    completed      bigint NOT NULL,
    failed         bigint NOT NULL,
    watch_ms       bigint NOT NULL,
    rebuffer_ms    bigint NOT NULL,
    startup        bytea NOT NULL,
    retention      bytea NOT NULL,
    PRIMARY KEY (video_id, hour)
);
CREATE INDEX playback_hourly_space ON playback_hourly (space, hour);

-- Views per referrer origin, browser, OS and device class, per video-hour.
CREATE TABLE playback_hourly_dims (
    video_id text NOT NULL,
    hour     timestamptz NOT NULL,
    dim      text NOT NULL,
    value    text NOT NULL,
    space    text NOT NULL,
    views    bigint NOT NULL,
    PRIMARY KEY (video_id, hour, dim, value)
);
CREATE INDEX playback_hourly_dims_space ON playback_hourly_dims (space, hour);
