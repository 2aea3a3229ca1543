-- Spaces an installation manages (issue 18): quotas (NULL = unlimited),
-- deletion (the row stays so that the id is never handed out again), the
-- bytes each video counts against max_bytes, and admin keys, which belong
-- to no space.
ALTER TABLE spaces ADD COLUMN max_bytes bigint;
ALTER TABLE spaces ADD COLUMN max_minutes bigint;
ALTER TABLE spaces ADD COLUMN max_videos bigint;
ALTER TABLE spaces ADD COLUMN deleted_at timestamptz;

-- quota_bytes: the length an upload declared until its source is stored,
-- then the source's size (videohost.Video.QuotaBytes).
ALTER TABLE videos ADD COLUMN quota_bytes bigint NOT NULL DEFAULT 0;
UPDATE videos SET quota_bytes = COALESCE((source->>'size')::bigint, 0) WHERE source IS NOT NULL;
CREATE INDEX videos_space_live ON videos (space) WHERE deleted_at IS NULL;

CREATE TABLE admin_keys (
    id            text PRIMARY KEY,
    access        text NOT NULL,
    name          text NOT NULL DEFAULT '',
    secret_hash   bytea NOT NULL,
    sealed_secret bytea NOT NULL,
    created_at    timestamptz NOT NULL,
    last_used_at  timestamptz
);
