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
CREATE TABLE "order_audits" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"delivery_id" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"rating_id" text,
	"notes" text,
	"closed_by" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_ratings" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"delivery_id" text NOT NULL,
	"rated_by" text,
	"stars" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_ratings_stars" CHECK ("order_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "late_deliveries" ADD CONSTRAINT "late_deliveries_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_audits" ADD CONSTRAINT "order_audits_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_audits" ADD CONSTRAINT "order_audits_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_audits" ADD CONSTRAINT "order_audits_rating_id_order_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."order_ratings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_audits" ADD CONSTRAINT "order_audits_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_rated_by_users_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "late_deliveries_delivered_idx" ON "late_deliveries" USING btree ("delivered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_audits_one_open" ON "order_audits" USING btree ("submission_id") WHERE "order_audits"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "order_audits_delivery_reason_unique" ON "order_audits" USING btree ("delivery_id","reason");--> statement-breakpoint
CREATE INDEX "order_audits_status_idx" ON "order_audits" USING btree ("status","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_ratings_delivery_unique" ON "order_ratings" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "order_ratings_submission_idx" ON "order_ratings" USING btree ("submission_id");