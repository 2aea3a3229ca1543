-- poster_image: whether a video's poster was made from an uploaded image
-- (kept at sources/{video}/poster and applied again by every publish)
-- rather than from a frame at poster_time. Added audio tracks need no
-- column: they live in audio_tracks (jsonb) with kind, added and state.
ALTER TABLE videos ADD COLUMN poster_image boolean NOT NULL DEFAULT false;
