-- chapters: a video's chapters as a JSON array of {start, title}, sorted by
-- start; NULL when it has none. Their files are published with the assets.
ALTER TABLE videos ADD COLUMN chapters jsonb;
