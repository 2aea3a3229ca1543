-- Player settings (videohost.PlayerSettings) per scope: the space itself
-- (kind 'space', id = the space id), a collection or a video. settings is
-- the JSON object of the settings set at that scope (attribute names as
-- keys, e.g. {"color": "#ff5a36", "autoplay": true}); a scope with none has
-- no row. Rows of deleted collections and videos stay (ids are never
-- reused) and are never read.
CREATE TABLE player_settings (
    space      TEXT NOT NULL REFERENCES spaces (id),
    kind       TEXT NOT NULL CHECK (kind IN ('space', 'collection', 'video')),
    id         TEXT NOT NULL,
    settings   TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (space, kind, id)
);
