-- Live analytics (issue 32): viewers now, peak and latency of a live
-- session's video (videohost/analytics/live.go).

-- When the server received a session's last live heartbeat, NULL for a
-- session that never watched live. Viewers now count one video's sessions
-- by it, hence the partial index (on-demand sessions stay out of it).
ALTER TABLE playback_sessions ADD COLUMN live_at INTEGER;
CREATE INDEX playback_sessions_live ON playback_sessions (video_id, live_at) WHERE live_at IS NOT NULL;

-- One row per live video and UTC minute: the sessions that sent a live
-- heartbeat in it (the peak is the largest) and a histogram of the
-- latencies they reported, a little-endian int64 array (19 buckets).
-- Kept like the hourly rollups.
CREATE TABLE playback_live_minutes (
    video_id TEXT NOT NULL,
    minute   INTEGER NOT NULL,
    space    TEXT NOT NULL,
    viewers  INTEGER NOT NULL,
    latency  BLOB NOT NULL,
    PRIMARY KEY (video_id, minute)
) WITHOUT ROWID;
