-- original_access: whether a video's original upload is served at
-- {space_url}/{video}/original (off unless the owner turns it on).
ALTER TABLE videos ADD COLUMN original_access boolean NOT NULL DEFAULT false;
