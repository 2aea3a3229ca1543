-- Chunked encodes of long videos (videohost.ChunkStore). A video with a
-- chunk_plans row is being encoded in chunks: one chunks row per piece
-- (spans of the video, then the audio), done_at set once its output is in
-- blob storage; stitch_job is the stitch job queued when the last piece was
-- done (NULL before), which makes that happen exactly once. Both go when
-- the video is published, fails or is deleted.
CREATE TABLE chunk_plans (
    video_id   TEXT PRIMARY KEY,
    space      TEXT NOT NULL,
    stitch_job INTEGER,
    created_at INTEGER NOT NULL
);

CREATE TABLE chunks (
    video_id TEXT NOT NULL REFERENCES chunk_plans (video_id) ON DELETE CASCADE,
    idx      INTEGER NOT NULL,
    audio    INTEGER NOT NULL DEFAULT 0,
    spec     TEXT,
    runs     INTEGER NOT NULL DEFAULT 0,
    done_at  INTEGER,
    PRIMARY KEY (video_id, idx)
);
