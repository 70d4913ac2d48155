CREATE TABLE "fact_check_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"passage" text NOT NULL,
	"passage_start" integer NOT NULL,
	"passage_end" integer NOT NULL,
	"verdict" text NOT NULL,
	"sources" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "no_checkable_claims" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fact_check_claims" ADD CONSTRAINT "fact_check_claims_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_check_claims" ADD CONSTRAINT "fact_check_claims_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fact_check_claims_submission_idx" ON "fact_check_claims" USING btree ("submission_id","passage_start","created_at");