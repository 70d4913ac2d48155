CREATE TABLE "late_deliveries" (
	"submission_id" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone NOT NULL,
	"refund_pence" integer NOT NULL,
	"basis" text NOT NULL,
	"refund_to" text NOT NULL,
	"refund_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "late_deliveries" ADD CONSTRAINT "late_deliveries_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "late_deliveries_delivered_idx" ON "late_deliveries" USING btree ("delivered_at");