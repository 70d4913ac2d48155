-- The review desk's own columns move from "submissions" to a table it owns (issue 41, decision 075). Only orders
-- whose desk state differs from the defaults get a row: an order without one reads as no claim, version 0, no
-- running effort and no due-soon e-mail, which is what those orders had.
CREATE TABLE "review_desk_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"claim_active_at" timestamp with time zone,
	"review_version" integer DEFAULT 0 NOT NULL,
	"review_active_seconds" integer DEFAULT 0 NOT NULL,
	"review_effort_saved_at" timestamp with time zone,
	"review_effort_counts" jsonb DEFAULT '{"suggestionsAccepted":0,"suggestionsIgnored":0,"findingsByCategory":{}}'::jsonb NOT NULL,
	"due_soon_notified_for" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "submissions" DROP CONSTRAINT "submissions_claimed_by_users_id_fk";
--> statement-breakpoint
DROP INDEX "submissions_claimed_by_idx";--> statement-breakpoint
ALTER TABLE "review_desk_orders" ADD CONSTRAINT "review_desk_orders_order_id_submissions_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_desk_orders" ADD CONSTRAINT "review_desk_orders_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_desk_orders_claimed_by_idx" ON "review_desk_orders" USING btree ("claimed_by","claim_active_at") WHERE "review_desk_orders"."claimed_by" is not null;--> statement-breakpoint
INSERT INTO "review_desk_orders" ("order_id", "claimed_by", "claimed_at", "claim_active_at", "review_version",
  "review_active_seconds", "review_effort_saved_at", "review_effort_counts", "due_soon_notified_for")
SELECT "id", "claimed_by", "claimed_at", "claim_active_at", "review_version", "review_active_seconds",
  "review_effort_saved_at", "review_effort_counts", "due_soon_notified_for"
FROM "submissions"
WHERE "claimed_by" IS NOT NULL OR "claimed_at" IS NOT NULL OR "claim_active_at" IS NOT NULL OR "review_version" <> 0
  OR "review_active_seconds" <> 0 OR "review_effort_saved_at" IS NOT NULL OR "due_soon_notified_for" IS NOT NULL
  OR "review_effort_counts" <> '{"suggestionsAccepted":0,"suggestionsIgnored":0,"findingsByCategory":{}}'::jsonb;--> statement-breakpoint
ALTER TABLE "submissions" DROP COLUMN "review_active_seconds";--> statement-breakpoint
ALTER TABLE "submissions" DROP COLUMN "review_effort_saved_at";--> statement-breakpoint
ALTER TABLE "submissions" DROP COLUMN "review_effort_counts";--> statement-breakpoint
ALTER TABLE "submissions" DROP COLUMN "claimed_by";--> statement-breakpoint
ALTER TABLE "submissions" DROP COLUMN "claimed_at";--> statement-breakpoint
ALTER TABLE "submissions" DROP COLUMN "claim_active_at";--> statement-breakpoint
ALTER TABLE "submissions" DROP COLUMN "review_version";--> statement-breakpoint
ALTER TABLE "submissions" DROP COLUMN "due_soon_notified_for";