-- The columns of the outer SELECT each reading shows (a JSON array of slot texts, as ShownBeside reads them), so that a
-- dialogue resolving on the reading remembers those shown beside a chosen column, as Choose does, without asking
-- parser-svc again. '[]' for sessions stored before: they record no such rows.
ALTER TABLE clarify_candidate ADD COLUMN shown_columns TEXT NOT NULL DEFAULT '[]';
