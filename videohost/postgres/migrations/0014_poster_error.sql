-- poster_error: why the last poster change of a video could not be made
-- (jsonb {code, message}), NULL otherwise; the video keeps the poster it had.
ALTER TABLE videos ADD COLUMN poster_error jsonb;
