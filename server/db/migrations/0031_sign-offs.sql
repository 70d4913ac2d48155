CREATE TABLE "order_sign_offs" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"completed_by" text,
	"signed_by" text,
	"outcome" text,
	"notes" text,
	"decided_at" timestamp with time zone,
	"delivery_id" text,
	CONSTRAINT "order_sign_offs_outcome" CHECK ("order_sign_offs"."outcome" is null or "order_sign_offs"."outcome" in ('approved', 'returned', 'audited'))
);
--> statement-breakpoint
ALTER TABLE "order_sign_offs" ADD CONSTRAINT "order_sign_offs_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sign_offs" ADD CONSTRAINT "order_sign_offs_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sign_offs" ADD CONSTRAINT "order_sign_offs_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sign_offs" ADD CONSTRAINT "order_sign_offs_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_sign_offs_one_pending" ON "order_sign_offs" USING btree ("submission_id") WHERE "order_sign_offs"."outcome" is null;--> statement-breakpoint
CREATE INDEX "order_sign_offs_submission_idx" ON "order_sign_offs" USING btree ("submission_id","requested_at");--> statement-breakpoint
CREATE INDEX "order_sign_offs_decided_idx" ON "order_sign_offs" USING btree ("decided_at");