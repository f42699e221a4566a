-- Hand-written: creator_months becomes a table partitioned by month (LIST on "period"), so an import
-- that changes most of a month can write the month anew into a table of its own and swap it in,
-- instead of updating 100,000 rows and their three indexes in place (docs/decisions/006;
-- bench:month-write: ~0.7 s against ~1.7 s on PGlite). Nothing is copied here: the table as it is
-- becomes the default partition (a month without a partition of its own), with its indexes and
-- constraints, and each month it holds then moves into a partition of its own, named
-- creator_months_YYYY_MM. Later months get theirs when they are first written
-- (db/month-partitions.ts); a row written to a month that has none yet (a test's insert) waits in
-- the default partition until then.
-- The parent keeps every name the application and the tests know: the table, its primary key, its
-- checks, its foreign key and its two indexes; its statement trigger notifies the read cache for
-- every change made through it, as before.
ALTER TABLE "creator_months" RENAME TO "creator_months_default";--> statement-breakpoint
ALTER TABLE "creator_months_default" RENAME CONSTRAINT "creator_months_pkey" TO "creator_months_default_pkey";--> statement-breakpoint
ALTER INDEX "creator_months_period_diamonds_idx" RENAME TO "creator_months_default_period_diamonds_idx";--> statement-breakpoint
ALTER INDEX "creator_months_period_state_idx" RENAME TO "creator_months_default_period_state_idx";--> statement-breakpoint
DROP TRIGGER "creator_months_read_cache" ON "creator_months_default";--> statement-breakpoint
CREATE TABLE "creator_months" (
	"creator_id" uuid NOT NULL,
	"period" text NOT NULL,
	"diamonds" bigint DEFAULT 0 NOT NULL,
	"valid_days" integer DEFAULT 0 NOT NULL,
	"live_seconds" integer DEFAULT 0 NOT NULL,
	"matches" integer DEFAULT 0 NOT NULL,
	"last_live_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"achieved_bps" integer DEFAULT 0 NOT NULL,
	"requirement_state" text,
	"upload_id" uuid,
	"left_network" boolean DEFAULT false NOT NULL,
	CONSTRAINT "creator_months_pkey" PRIMARY KEY ("creator_id", "period"),
	CONSTRAINT "creator_months_non_negative_check" CHECK ("diamonds" >= 0 AND "valid_days" >= 0 AND "live_seconds" >= 0 AND "matches" >= 0),
	CONSTRAINT "creator_months_period_check" CHECK ("period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "creator_months_requirement_state_check" CHECK ("requirement_state" IS NULL OR "requirement_state" IN ('onTrack', 'atRisk', 'failing'))
) PARTITION BY LIST ("period");--> statement-breakpoint
ALTER TABLE "creator_months" ADD CONSTRAINT "creator_months_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_months_period_diamonds_idx" ON "creator_months" USING btree ("period", "diamonds", "creator_id");--> statement-breakpoint
CREATE INDEX "creator_months_period_state_idx" ON "creator_months" USING btree ("period", "requirement_state");--> statement-breakpoint
ALTER TABLE "creator_months" ATTACH PARTITION "creator_months_default" DEFAULT;--> statement-breakpoint
CREATE TRIGGER creator_months_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON creator_months
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
--> statement-breakpoint
DO $$
DECLARE
  month text;
BEGIN
  FOR month IN SELECT DISTINCT "period" FROM "creator_months_default" ORDER BY 1 LOOP
    EXECUTE format('CREATE TABLE %I (LIKE "creator_months" INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', 'creator_months_' || replace(month, '-', '_'));
    EXECUTE format('INSERT INTO %I SELECT "creator_id", "period", "diamonds", "valid_days", "live_seconds", "matches", "last_live_at", "updated_at", "achieved_bps", "requirement_state", "upload_id", "left_network" FROM "creator_months_default" WHERE "period" = %L',
      'creator_months_' || replace(month, '-', '_'), month);
  END LOOP;
  TRUNCATE "creator_months_default";
  FOR month IN SELECT replace(substr(c.relname, 16), '_', '-') FROM pg_class c
      WHERE c.relname ~ '^creator_months_[0-9]{4}_[0-9]{2}$' AND c.relnamespace = to_regnamespace(current_schema()) AND NOT c.relispartition LOOP
    EXECUTE format('ALTER TABLE "creator_months" ATTACH PARTITION %I FOR VALUES IN (%L)', 'creator_months_' || replace(month, '-', '_'), month);
  END LOOP;
END
$$;
