CREATE TABLE "delivery_efforts" (
	"delivery_id" text PRIMARY KEY NOT NULL,
	"active_seconds" integer DEFAULT 0 NOT NULL,
	"words_changed" integer DEFAULT 0 NOT NULL,
	"suggestions_accepted" integer DEFAULT 0 NOT NULL,
	"suggestions_ignored" integer DEFAULT 0 NOT NULL,
	"claims_by_verdict" jsonb NOT NULL,
	"findings_fixed" integer DEFAULT 0 NOT NULL,
	"findings_by_category" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_efforts" ADD CONSTRAINT "delivery_efforts_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;