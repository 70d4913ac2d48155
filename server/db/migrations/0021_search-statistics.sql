-- The admin search's estimates (decision 037): the planner estimates a LIKE pattern on the trigram indexes'
-- expressions from their histograms, one bound in a hundred per 1% of rows at the default target. A rare name
-- that happens to fall on one bound is then guessed at 1% of the table. A thousand bounds make the quantum 0.1%,
-- so an arm estimated at 1% or more really is common. Takes effect at the next ANALYZE (autovacuum runs one).
ALTER INDEX "submissions_contact_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "users_search_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;
