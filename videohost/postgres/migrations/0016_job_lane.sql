-- No-op on PostgreSQL, kept so that both stores give the same number to the
-- same change. On SQLite, 0016 adds the lane a job runs in; here jobs run
-- on River, and a job's lane is its River queue (reel_early for the
-- transcode of a video that is not playable yet).
SELECT 1;
