CREATE TABLE "certificate_credentials" (
	"code" text PRIMARY KEY NOT NULL,
	"credential" text NOT NULL,
	"status_list" integer NOT NULL,
	"status_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "editorial_defaults" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text,
	"user_id" text,
	"name" text NOT NULL,
	"organisation" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editorial_defaults_one_owner" CHECK (("editorial_defaults"."organisation_id" is null) <> ("editorial_defaults"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "editorial_records" (
	"delivery_id" text PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"delivery_number" integer NOT NULL,
	"body" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviewer_numbers" (
	"number" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviewer_numbers_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviewer_numbers_user_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "editorial_responsibility" jsonb;--> statement-breakpoint
ALTER TABLE "certificate_credentials" ADD CONSTRAINT "certificate_credentials_code_certificates_code_fk" FOREIGN KEY ("code") REFERENCES "public"."certificates"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editorial_defaults" ADD CONSTRAINT "editorial_defaults_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editorial_defaults" ADD CONSTRAINT "editorial_defaults_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editorial_defaults" ADD CONSTRAINT "editorial_defaults_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editorial_records" ADD CONSTRAINT "editorial_records_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editorial_records" ADD CONSTRAINT "editorial_records_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer_numbers" ADD CONSTRAINT "reviewer_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_credentials_status_unique" ON "certificate_credentials" USING btree ("status_list","status_index");--> statement-breakpoint
CREATE UNIQUE INDEX "editorial_defaults_org_unique" ON "editorial_defaults" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "editorial_defaults_user_unique" ON "editorial_defaults" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "editorial_records_submission_delivery_unique" ON "editorial_records" USING btree ("submission_id","delivery_number");