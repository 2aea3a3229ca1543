-- How far a processing video's encode has come, written by workers every
-- few seconds apart from the video row (no event, no version bump).
CREATE TABLE video_progress (
    video_id   text PRIMARY KEY,
    done       double precision NOT NULL,
    updated_at timestamptz NOT NULL
);

-- A video's events, and each event's deliveries, for the video's page.
CREATE INDEX events_video ON events (video_id, seq);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);
