-- Player settings per scope (the space, a collection, a video): attribute
-- names as keys; the nearest scope wins (videohost/player.go).
CREATE TABLE player_settings (
    space      text NOT NULL REFERENCES spaces (id),
    kind       text NOT NULL CHECK (kind IN ('space', 'collection', 'video')),
    id         text COLLATE "C" NOT NULL,
    settings   jsonb NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (space, kind, id)
);
