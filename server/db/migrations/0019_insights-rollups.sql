CREATE TABLE "insights_days" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"paid_pence" bigint DEFAULT 0 NOT NULL,
	"refunded_pence" bigint DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_dirty_days" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insights_dirty_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_reviewer_days" (
	"day" date NOT NULL,
	"reviewer_id" text,
	"orders" integer NOT NULL,
	"deliveries" integer NOT NULL,
	"words" bigint NOT NULL,
	"active_seconds" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_turnaround_days" (
	"day" date NOT NULL,
	"service_tier" text NOT NULL,
	"speed" text NOT NULL,
	"completed" integer NOT NULL,
	"on_time" integer NOT NULL,
	"took" jsonb NOT NULL,
	"promised" jsonb NOT NULL,
	CONSTRAINT "insights_turnaround_days_day_service_tier_speed_pk" PRIMARY KEY("day","service_tier","speed")
);
--> statement-breakpoint
CREATE TABLE "insights_turnaround_months" (
	"month" date NOT NULL,
	"service_tier" text NOT NULL,
	"speed" text NOT NULL,
	"completed" integer NOT NULL,
	"on_time" integer NOT NULL,
	"took" jsonb NOT NULL,
	"promised" jsonb NOT NULL,
	CONSTRAINT "insights_turnaround_months_month_service_tier_speed_pk" PRIMARY KEY("month","service_tier","speed")
);
--> statement-breakpoint
CREATE INDEX "insights_dirty_days_day_idx" ON "insights_dirty_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "insights_reviewer_days_day_idx" ON "insights_reviewer_days" USING btree ("day");--> statement-breakpoint
-- Hand-written below (drizzle-kit does not manage functions or triggers; decision 041): a change to any figure the
-- insights rollups hold marks its London day(s) dirty, in the changing transaction; the "insights.rollup" job
-- recomputes dirty days. A row per change (no unique day): the job deletes only the marks it can see.
CREATE FUNCTION "insights_mark_days"(ats timestamptz[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "insights_dirty_days" ("day")
  SELECT DISTINCT (a AT TIME ZONE 'Europe/London')::date FROM unnest(ats) AS a WHERE a IS NOT NULL
$$;--> statement-breakpoint
CREATE FUNCTION "insights_submissions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM insights_mark_days(ARRAY[NEW.paid_at, NEW.completed_at]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM insights_mark_days(ARRAY[OLD.paid_at, OLD.completed_at]);
  ELSE
    IF (OLD.paid_at, OLD.completed_at, OLD.due_date, OLD.revision_requested_at, OLD.review_started_at, OLD.service_tier,
        OLD.fast_turnaround) IS DISTINCT FROM (NEW.paid_at, NEW.completed_at, NEW.due_date, NEW.revision_requested_at,
        NEW.review_started_at, NEW.service_tier, NEW.fast_turnaround) THEN
      PERFORM insights_mark_days(ARRAY[OLD.paid_at, OLD.completed_at, NEW.paid_at, NEW.completed_at]);
    END IF;
    -- An order's words count for its reviewers on their deliveries' days.
    IF OLD.word_count IS DISTINCT FROM NEW.word_count THEN
      PERFORM insights_mark_days(ARRAY(SELECT d.delivered_at FROM deliveries d WHERE d.submission_id = NEW.id));
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "insights_dirty" AFTER INSERT OR UPDATE OR DELETE ON "submissions" FOR EACH ROW EXECUTE FUNCTION insights_submissions_changed();--> statement-breakpoint
CREATE FUNCTION "insights_payments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM insights_mark_days(ARRAY[NEW.succeeded_at]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM insights_mark_days(ARRAY[OLD.succeeded_at]);
  ELSIF (OLD.status, OLD.succeeded_at, OLD.amount_pence) IS DISTINCT FROM (NEW.status, NEW.succeeded_at, NEW.amount_pence) THEN
    PERFORM insights_mark_days(ARRAY[OLD.succeeded_at, NEW.succeeded_at]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "insights_dirty" AFTER INSERT OR UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION insights_payments_changed();--> statement-breakpoint
CREATE FUNCTION "insights_refunds_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM insights_mark_days(ARRAY[NEW.created_at]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM insights_mark_days(ARRAY[OLD.created_at]);
  ELSIF (OLD.created_at, OLD.amount_pence) IS DISTINCT FROM (NEW.created_at, NEW.amount_pence) THEN
    PERFORM insights_mark_days(ARRAY[OLD.created_at, NEW.created_at]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "insights_dirty" AFTER INSERT OR UPDATE OR DELETE ON "refunds" FOR EACH ROW EXECUTE FUNCTION insights_refunds_changed();--> statement-breakpoint
-- A delivery changes its own day and, through "the reviewer's first delivery of the order", its order's other
-- deliveries' days.
CREATE FUNCTION "insights_deliveries_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM insights_mark_days(ARRAY(SELECT d.delivered_at FROM deliveries d WHERE d.submission_id = NEW.submission_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM insights_mark_days(ARRAY[OLD.delivered_at] || ARRAY(SELECT d.delivered_at FROM deliveries d WHERE d.submission_id = OLD.submission_id));
  ELSIF (OLD.submission_id, OLD.number, OLD.delivered_by, OLD.delivered_at) IS DISTINCT FROM
        (NEW.submission_id, NEW.number, NEW.delivered_by, NEW.delivered_at) THEN
    PERFORM insights_mark_days(ARRAY[OLD.delivered_at] || ARRAY(SELECT d.delivered_at FROM deliveries d
      WHERE d.submission_id IN (OLD.submission_id, NEW.submission_id)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "insights_dirty" AFTER INSERT OR UPDATE OR DELETE ON "deliveries" FOR EACH ROW EXECUTE FUNCTION insights_deliveries_changed();--> statement-breakpoint
CREATE FUNCTION "insights_delivery_efforts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM insights_mark_days(ARRAY(SELECT d.delivered_at FROM deliveries d WHERE d.id = OLD.delivery_id));
  ELSIF TG_OP = 'INSERT' OR OLD.active_seconds IS DISTINCT FROM NEW.active_seconds OR OLD.delivery_id IS DISTINCT FROM NEW.delivery_id THEN
    PERFORM insights_mark_days(ARRAY(SELECT d.delivered_at FROM deliveries d WHERE d.id = NEW.delivery_id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "insights_dirty" AFTER INSERT OR UPDATE OR DELETE ON "delivery_efforts" FOR EACH ROW EXECUTE FUNCTION insights_delivery_efforts_changed();--> statement-breakpoint
-- Every day that already has figures is computed by the job's first runs.
INSERT INTO "insights_dirty_days" ("day")
SELECT DISTINCT x.day FROM (
  SELECT (paid_at AT TIME ZONE 'Europe/London')::date FROM submissions WHERE paid_at IS NOT NULL
  UNION SELECT (completed_at AT TIME ZONE 'Europe/London')::date FROM submissions WHERE completed_at IS NOT NULL
  UNION SELECT (succeeded_at AT TIME ZONE 'Europe/London')::date FROM payments WHERE succeeded_at IS NOT NULL
  UNION SELECT (created_at AT TIME ZONE 'Europe/London')::date FROM refunds
  UNION SELECT (delivered_at AT TIME ZONE 'Europe/London')::date FROM deliveries
) AS x(day);
