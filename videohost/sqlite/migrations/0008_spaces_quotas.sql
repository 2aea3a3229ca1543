-- Spaces an installation manages (issue 18): quotas (NULL = unlimited),
-- deletion (the row stays so that the id is never handed out again), the
-- bytes each video counts against max_bytes, and admin keys, which belong
-- to no space.
ALTER TABLE spaces ADD COLUMN max_bytes INTEGER;
ALTER TABLE spaces ADD COLUMN max_minutes INTEGER;
ALTER TABLE spaces ADD COLUMN max_videos INTEGER;
ALTER TABLE spaces ADD COLUMN deleted_at INTEGER;

-- quota_bytes: the length an upload declared until its source is stored,
-- then the source's size (videohost.Video.QuotaBytes).
ALTER TABLE videos ADD COLUMN quota_bytes INTEGER NOT NULL DEFAULT 0;
UPDATE videos SET quota_bytes = COALESCE(json_extract(source, '$.size'), 0) WHERE source IS NOT NULL;
CREATE INDEX videos_space_live ON videos (space) WHERE deleted_at IS NULL;

CREATE TABLE admin_keys (
    id            TEXT PRIMARY KEY,
    access        TEXT NOT NULL,
    name          TEXT NOT NULL DEFAULT '',
    secret_hash   BLOB NOT NULL,
    sealed_secret BLOB NOT NULL,
    created_at    INTEGER NOT NULL,
    last_used_at  INTEGER
);
