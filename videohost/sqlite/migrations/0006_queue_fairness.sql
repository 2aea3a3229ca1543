-- When each space last had a job claimed: Claim serves the space that has
-- waited longest first, so one space's burst cannot starve another's.
CREATE TABLE queue_spaces (
    space      TEXT PRIMARY KEY,
    last_claim INTEGER NOT NULL
) WITHOUT ROWID;
