-- A session over candidates the caller knows to be incomplete (a degraded stage upstream): its
-- resolutions keep a reserve for readings no one found, and say so.
ALTER TABLE clarify_session ADD COLUMN candidates_incomplete BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE clarify_turn ADD COLUMN resolution_over_incomplete BOOLEAN NOT NULL DEFAULT FALSE;
