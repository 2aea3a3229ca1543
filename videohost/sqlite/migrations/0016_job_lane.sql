-- The lane a job runs in (videohost.JobLane): '' for most, 'early' for the
-- transcode of a video that is not playable yet, which workers claim in a
-- slot of its own (ClaimLane) so that it never waits behind a ladder.
ALTER TABLE jobs ADD COLUMN lane TEXT NOT NULL DEFAULT '';
