-- The question word a decision variable's fork is about (chosen at Start, with the embedding model),
-- so later turns word their question without the model. '' = none (the clause is named instead).
ALTER TABLE clarify_variable ADD COLUMN pivot_term TEXT NOT NULL DEFAULT '';
