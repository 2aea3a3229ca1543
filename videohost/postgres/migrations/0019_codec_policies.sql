-- Codec policies (issue 33) per scope (the space, a collection, a video):
-- codec → rule; for each codec the nearest scope wins (videohost/codec_policy.go).
CREATE TABLE codec_policies (
    space      text NOT NULL REFERENCES spaces (id),
    kind       text NOT NULL CHECK (kind IN ('space', 'collection', 'video')),
    id         text COLLATE "C" NOT NULL,
    rules      jsonb NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (space, kind, id)
);

-- The view triggers (videohost/worker: the videos viewed since the last
-- sweep) read the rollups by hour across spaces.
CREATE INDEX playback_hourly_hour ON playback_hourly (hour);
