CREATE TABLE "claim_suggestions" (
	"submission_id" text PRIMARY KEY NOT NULL,
	"claims" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claim_suggestions" ADD CONSTRAINT "claim_suggestions_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;