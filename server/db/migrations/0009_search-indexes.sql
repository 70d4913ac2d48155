-- Admin search that scales (issue 14, decision 022). Hand-written: drizzle's schema does not declare these.
-- Words of the content: a stored tsvector (English stemming, the first 100,000 characters so the vector stays far
-- below PostgreSQL's 1 MB tsvector limit) and its GIN index. Stored, so a broad word walks the sort index and
-- tests each row's vector without re-parsing the text.
ALTER TABLE "submissions" ADD COLUMN IF NOT EXISTS "search_vector" tsvector
  GENERATED ALWAYS AS (to_tsvector('english'::regconfig, left("content", 100000))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "submissions_search_vector_idx" ON "submissions" USING gin ("search_vector");--> statement-breakpoint
-- Names and e-mail addresses, anywhere in the text: pg_trgm GIN indexes. Where the extension is not installed
-- (or may not be created) the search still works, as a scan: the queries are the same, only slower.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm could not be created (%); admin search runs without trigram indexes', SQLERRM;
      RETURN;
    END;
    CREATE INDEX IF NOT EXISTS "submissions_contact_trgm_idx" ON "submissions"
      USING gin ((lower("contact_name" || ' ' || "contact_email")) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "users_search_trgm_idx" ON "users"
      USING gin ((lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || "name" || ' ' || "email")) gin_trgm_ops);
  ELSE
    RAISE NOTICE 'pg_trgm is not available; admin search runs without trigram indexes';
  END IF;
END $$;
