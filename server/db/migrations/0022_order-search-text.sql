-- The admin search without the account join (decision 037). Each order keeps, beside its own columns, the text the
-- search matches: its contact name and e-mail and its account's names and e-mail, in lower case (search_text), and
-- its account's e-mail alone (account_email) for the short prefix search. A search then reads one table: one
-- trigram index, one set of statistics, and a walk of the sort index that tests a column, where the account arm
-- built a hash of every matching account first (8,000 for the prefix "a") or looked each order's account up.
-- Hand-written and not declared in schema.ts, like search_vector: no select of whole rows reads them. Triggers keep
-- them: an order's own insert or contact change, and an account's change of name or e-mail for all its orders.
CREATE FUNCTION "order_search_text"(contact_name text, contact_email text, first_name text, last_name text, name text, email text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(coalesce(contact_name, '') || ' ' || coalesce(contact_email, '') || ' ' || coalesce(first_name, '') || ' '
    || coalesce(last_name, '') || ' ' || coalesce(name, '') || ' ' || coalesce(email, ''))
$$;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "search_text" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "account_email" text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE "submissions" s
  SET "search_text" = order_search_text(s.contact_name, s.contact_email, u.first_name, u.last_name, u.name, u.email),
      "account_email" = lower(u.email)
  FROM "users" u WHERE u.id = s.user_id;--> statement-breakpoint
CREATE FUNCTION "submissions_search_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT order_search_text(NEW.contact_name, NEW.contact_email, u.first_name, u.last_name, u.name, u.email), lower(u.email)
    INTO NEW.search_text, NEW.account_email
    FROM users u WHERE u.id = NEW.user_id;
  IF NOT FOUND THEN
    NEW.search_text := order_search_text(NEW.contact_name, NEW.contact_email, NULL, NULL, NULL, NULL);
    NEW.account_email := '';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "submissions_search_fill" BEFORE INSERT OR UPDATE OF "contact_name", "contact_email", "user_id", "search_text", "account_email"
  ON "submissions" FOR EACH ROW EXECUTE FUNCTION submissions_search_fill();--> statement-breakpoint
CREATE FUNCTION "users_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Through the column list of the trigger above (search_text is named there), so the order's text is rebuilt by
  -- the same function whichever way it changes.
  UPDATE submissions SET search_text = '' WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_search_changed" AFTER UPDATE OF "first_name", "last_name", "name", "email" ON "users" FOR EACH ROW
  WHEN ((OLD.first_name, OLD.last_name, OLD.name, OLD.email) IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.name, NEW.email))
  EXECUTE FUNCTION users_search_changed();--> statement-breakpoint
-- The short prefix search's account arm: a range of this column, walked like the contact e-mail's.
CREATE INDEX "submissions_account_email_idx" ON "submissions" ("account_email");--> statement-breakpoint
-- A thousand histogram bounds, as migration 0021 gave the expressions this column replaces: the estimate of a LIKE
-- pattern is the share of bounds it matches, 0.1% each.
ALTER TABLE "submissions" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
DROP INDEX IF EXISTS "submissions_contact_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_search_trgm_idx";--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "submissions_search_trgm_idx" ON "submissions" USING gin ("search_text" gin_trgm_ops);
  ELSE
    RAISE NOTICE 'pg_trgm is not installed; admin search runs without its trigram index';
  END IF;
END $$;
--> statement-breakpoint
-- The admin search in two round trips (decision 037), through two functions that take a query as text with its
-- values written as literals (server/features/admin/search-functions.ts). As a guard, a text with a semicolon or a
-- backslash outside its literals is refused, so no second statement can ride along. planned_rows only plans the
-- query (EXPLAIN without ANALYZE runs nothing; PostgreSQL allows EXPLAIN only in a VOLATILE function);
-- search_candidates runs it, and is STABLE, in which PL/pgSQL refuses any statement that writes.
CREATE FUNCTION "search_one_query"(query text) RETURNS void LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF regexp_replace(query, '''([^'']|'''')*''', '', 'g') ~ '[;\\]' THEN
    RAISE EXCEPTION 'the admin search takes one query';
  END IF;
END
$$;--> statement-breakpoint
-- The planner's row estimate of the query: EXPLAIN, planned, never run.
CREATE FUNCTION "planned_rows"(query text) RETURNS float8 LANGUAGE plpgsql VOLATILE SET standard_conforming_strings = on AS $$
DECLARE
  plan json;
BEGIN
  PERFORM search_one_query(query);
  EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
  RETURN (plan -> 0 -> 'Plan' ->> 'Plan Rows')::float8;
END
$$;--> statement-breakpoint
-- The candidates of a page: probes and walks, run with the planner settings they need, which the function's SET
-- clauses give for its call alone. Short queries: compiling them (JIT) or starting parallel workers costs more than
-- running them. Without sequential scans a probe reads its arm's index; without sorts a walk reads the sort index.
CREATE FUNCTION "search_candidates"(query text) RETURNS TABLE(arm int, id text, k text, p int, n int) LANGUAGE plpgsql STABLE
  SET standard_conforming_strings = on SET jit = off SET max_parallel_workers_per_gather = 0 SET enable_seqscan = off
  SET enable_sort = off AS $$
BEGIN
  PERFORM search_one_query(query);
  RETURN QUERY EXECUTE query;
END
$$;
