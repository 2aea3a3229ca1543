-- Playback analytics (DESIGN.md section 9). Nothing here holds an IP address
-- or a User-Agent: viewers are daily salted hashes whose salt never leaves
-- memory, clients are browser/OS/device families, pages are origins.

-- Raw events, kept for a configurable number of days (30 by default) and
-- never read by the stats API. The video's space and the client families
-- live on the session row.
CREATE TABLE playback_events (
    id       INTEGER PRIMARY KEY,
    video_id TEXT NOT NULL,
    session  TEXT NOT NULL,
    at       INTEGER NOT NULL,
    kind     TEXT NOT NULL,
    position REAL NOT NULL,
    from_s   REAL,
    to_s     REAL,
    value    REAL,
    text     TEXT,
    message  TEXT
);
CREATE INDEX playback_events_at ON playback_events (at);

-- One row per playback session: what the writer needs to fold later events
-- in (state, JSON) and the contribution the session has made to the rollup
-- of the hour it started in (inside state), so that it adds only the change.
CREATE TABLE playback_sessions (
    video_id  TEXT NOT NULL,
    session   TEXT NOT NULL,
    space     TEXT NOT NULL,
    hour      INTEGER NOT NULL,
    viewer    TEXT NOT NULL,
    browser   TEXT NOT NULL,
    os        TEXT NOT NULL,
    device    TEXT NOT NULL,
    referrer  TEXT NOT NULL,
    last_seen INTEGER NOT NULL,
    state     TEXT NOT NULL,
    PRIMARY KEY (video_id, session)
) WITHOUT ROWID;
CREATE INDEX playback_sessions_last_seen ON playback_sessions (last_seen);

-- The viewer hashes already counted as unique on a day (a day's salt makes
-- them meaningless the next day; rows are swept after two days).
CREATE TABLE playback_viewers (
    video_id TEXT NOT NULL,
    day      INTEGER NOT NULL,
    viewer   TEXT NOT NULL,
    PRIMARY KEY (video_id, day, viewer)
) WITHOUT ROWID;

-- The rollup the stats API reads: one row per video and hour. startup and
-- retention are little-endian int64 arrays (20 histogram buckets, 100
-- retention counters).
CREATE TABLE playback_hourly (
    video_id       TEXT NOT NULL,
    hour           INTEGER NOT NULL,
    space          TEXT NOT NULL,
    sessions       INTEGER NOT NULL,
    views          INTEGER NOT NULL,
    unique_viewers INTEGER NOT NULL,
    completed      INTEGER NOT NULL,
    failed         INTEGER NOT NULL,
    watch_ms       INTEGER NOT NULL,
    rebuffer_ms    INTEGER NOT NULL,
    startup        BLOB NOT NULL,
    retention      BLOB NOT NULL,
    PRIMARY KEY (video_id, hour)
) WITHOUT ROWID;
CREATE INDEX playback_hourly_space ON playback_hourly (space, hour);

-- Views per referrer origin, browser, OS and device class, per video-hour.
CREATE TABLE playback_hourly_dims (
    video_id TEXT NOT NULL,
    hour     INTEGER NOT NULL,
    dim      TEXT NOT NULL,
    value    TEXT NOT NULL,
    space    TEXT NOT NULL,
    views    INTEGER NOT NULL,
    PRIMARY KEY (video_id, hour, dim, value)
) WITHOUT ROWID;
CREATE INDEX playback_hourly_dims_space ON playback_hourly_dims (space, hour);
