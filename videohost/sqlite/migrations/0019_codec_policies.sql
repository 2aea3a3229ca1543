-- Codec policies (issue 33) per scope, as player_settings: the space itself
-- (kind 'space', id = the space id), a collection or a video. rules is the
-- JSON object of the rules set at that scope, codec → rule (e.g.
-- {"av1": ">=720p after 100 views"}); a scope with none has no row. Rows of
-- deleted collections and videos stay (ids are never reused) and are never
-- read.
CREATE TABLE codec_policies (
    space      TEXT NOT NULL REFERENCES spaces (id),
    kind       TEXT NOT NULL CHECK (kind IN ('space', 'collection', 'video')),
    id         TEXT NOT NULL,
    rules      TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (space, kind, id)
);

-- The view triggers (videohost/worker: the videos viewed since the last
-- sweep) read the rollups by hour across spaces.
CREATE INDEX playback_hourly_hour ON playback_hourly (hour);
