CREATE TABLE "deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"number" integer NOT NULL,
	"reviewed_content" text,
	"reviewer_notes" text,
	"attachment_mode" text,
	"document_link" text,
	"delivered_by" text,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text NOT NULL,
	"idempotency_key" text,
	"amount_pence" integer NOT NULL,
	"source" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "succeeded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "review_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "revision_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "revision_message" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_delivered_by_users_id_fk" FOREIGN KEY ("delivered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_submission_number_unique" ON "deliveries" USING btree ("submission_id","number");--> statement-breakpoint
CREATE INDEX "refunds_submission_idx" ON "refunds" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_unique" ON "refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_unique" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
-- Orders from before this migration: a confirmed payment's date, work already started, the delivery already made.
UPDATE "payments" SET "succeeded_at" = "updated_at" WHERE "status" = 'succeeded' AND "succeeded_at" IS NULL;--> statement-breakpoint
UPDATE "submissions" SET "review_started_at" = "updated_at" WHERE "status" IN ('in-review', 'completed') AND "review_started_at" IS NULL;--> statement-breakpoint
INSERT INTO "deliveries" ("id", "submission_id", "number", "reviewed_content", "reviewer_notes", "attachment_mode", "document_link", "delivered_at")
SELECT 'dlv-' || "id", "id", 1, "reviewed_content", "reviewer_notes", "attachment_mode", "document_link", coalesce("completed_at", "updated_at")
FROM "submissions" WHERE "status" = 'completed';
