DROP INDEX "submissions_status_due_idx";--> statement-breakpoint
DROP INDEX "submissions_due_idx";--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "queue_priority" smallint GENERATED ALWAYS AS (case when status = 'revision-requested' then 0 when fast_turnaround then 1 else 2 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "due_soon_notified_for" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "submissions_status_due_idx" ON "submissions" USING btree ("status","due_date","queue_priority","id");--> statement-breakpoint
CREATE INDEX "submissions_due_idx" ON "submissions" USING btree ("due_date","queue_priority","id");