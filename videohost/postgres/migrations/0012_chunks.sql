-- Chunked encodes of long videos (videohost.ChunkStore): a plan per video
-- being encoded in chunks, one row per piece (spans of the video, then the
-- audio). stitch_job is the River job queued when the last piece was done;
-- FinishChunk locks the plan row, so that of two pieces finishing at once
-- exactly one queues it. Rows go when the video is published, fails or is
-- deleted.
CREATE TABLE chunk_plans (
    video_id   text COLLATE "C" PRIMARY KEY,
    space      text NOT NULL,
    stitch_job bigint,
    created_at timestamptz NOT NULL
);

CREATE TABLE chunks (
    video_id text COLLATE "C" NOT NULL REFERENCES chunk_plans (video_id) ON DELETE CASCADE,
    idx      integer NOT NULL,
    audio    boolean NOT NULL DEFAULT false,
    spec     text,
    runs     integer NOT NULL DEFAULT 0,
    done_at  timestamptz,
    PRIMARY KEY (video_id, idx)
);
