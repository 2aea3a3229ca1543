-- The record of a copy into this database (refserver copy): written before
-- the first row, finished_at set when the last blob is in. A rerun of an
-- unfinished copy of the same source goes on; anything else is refused.
CREATE TABLE copy_marker (
    id          integer PRIMARY KEY CHECK (id = 1),
    source      text NOT NULL,
    started_at  timestamptz NOT NULL,
    finished_at timestamptz
);
