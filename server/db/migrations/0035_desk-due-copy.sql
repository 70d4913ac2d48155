-- "My work" by due date (issue 47, decision 082): the desk row of an order carries a copy of the order's due sort
-- key, so a reviewer's claims are walked in the queue's order (due date, priority, id) by one index and the walk
-- stops after a page. Before, every order the reviewer held was read to be sorted (1,667 claims: 8,300 buffers and
-- 14 ms a page at 1,000,000 orders, against 0.5 ms).
-- The copies are the database's, like an index: the app never writes them. A desk row takes the order's key whenever
-- it is written (a claim, a save, any upsert), and an order's change of due date or priority is copied to its desk
-- row. A desk row first written while the same order's due date is changing in another transaction can take the old
-- key (neither sees the other's uncommitted row); its next write takes the new one. No lock is taken for it: the
-- desk's writers and the order's do not always lock the two rows in the same order, and a lock here could deadlock.
-- The new index is the desk's one index of claims: with the old one on (claimed_by, claim_active_at) beside it, the
-- planner read every claim and sorted them whenever its statistics underestimated the live claims (decision 082).
DROP INDEX "review_desk_orders_claimed_by_idx";--> statement-breakpoint
ALTER TABLE "review_desk_orders" ADD COLUMN "due_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_desk_orders" ADD COLUMN "queue_priority" smallint;--> statement-breakpoint
CREATE INDEX "review_desk_orders_claims_due_idx" ON "review_desk_orders" USING btree ("claimed_by","due_date","queue_priority","order_id","claim_active_at") WHERE "review_desk_orders"."claimed_by" is not null;--> statement-breakpoint
UPDATE "review_desk_orders" d SET "due_date" = s."due_date", "queue_priority" = s."queue_priority" FROM "submissions" s WHERE s."id" = d."order_id";--> statement-breakpoint
CREATE FUNCTION "review_desk_orders_take_due_key"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s."due_date", s."queue_priority" INTO NEW."due_date", NEW."queue_priority" FROM "submissions" s WHERE s."id" = NEW."order_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "review_desk_orders_take_due_key" BEFORE INSERT OR UPDATE ON "review_desk_orders"
  FOR EACH ROW EXECUTE FUNCTION "review_desk_orders_take_due_key"();--> statement-breakpoint
CREATE FUNCTION "submissions_give_due_key"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The desk row's own trigger reads the key from the order's new row, which this transaction sees.
  UPDATE "review_desk_orders" SET "due_date" = NEW."due_date", "queue_priority" = NEW."queue_priority" WHERE "order_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- AFTER: queue_priority is generated, computed by then.
CREATE TRIGGER "submissions_give_due_key" AFTER UPDATE OF "due_date", "status", "fast_turnaround" ON "submissions"
  FOR EACH ROW WHEN (OLD."due_date" IS DISTINCT FROM NEW."due_date" OR OLD."queue_priority" IS DISTINCT FROM NEW."queue_priority")
  EXECUTE FUNCTION "submissions_give_due_key"();
