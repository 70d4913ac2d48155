CREATE TABLE "blocked_assignments" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"reviewer_id" text,
	"assigned_by" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "reviewer_preferences" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text,
	"user_id" text,
	"reviewer_id" text NOT NULL,
	"preference" text NOT NULL,
	"source_submission_id" text,
	"set_by" text,
	"set_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reviewer_preferences_one_owner" CHECK (("reviewer_preferences"."organisation_id" is null) <> ("reviewer_preferences"."user_id" is null)),
	CONSTRAINT "reviewer_preferences_preference" CHECK ("reviewer_preferences"."preference" in ('preferred', 'blocked'))
);--> statement-breakpoint
ALTER TABLE "blocked_assignments" ADD CONSTRAINT "blocked_assignments_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_assignments" ADD CONSTRAINT "blocked_assignments_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_assignments" ADD CONSTRAINT "blocked_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_preferences" ADD CONSTRAINT "reviewer_preferences_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_preferences" ADD CONSTRAINT "reviewer_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_preferences" ADD CONSTRAINT "reviewer_preferences_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_preferences" ADD CONSTRAINT "reviewer_preferences_source_submission_id_submissions_id_fk" FOREIGN KEY ("source_submission_id") REFERENCES "public"."submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_preferences" ADD CONSTRAINT "reviewer_preferences_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocked_assignments_submission_idx" ON "blocked_assignments" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviewer_preferences_org_unique" ON "reviewer_preferences" USING btree ("organisation_id","reviewer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviewer_preferences_user_unique" ON "reviewer_preferences" USING btree ("user_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "reviewer_preferences_reviewer_idx" ON "reviewer_preferences" USING btree ("reviewer_id","preference");
