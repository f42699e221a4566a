CREATE TABLE "agency_months" (
	"period" text PRIMARY KEY NOT NULL,
	"diamonds" bigint NOT NULL,
	"creator_count" integer NOT NULL,
	"earnings_cents" bigint NOT NULL,
	"diamond_value_micros" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_months_period_check" CHECK ("agency_months"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "agency_months_non_negative_check" CHECK ("agency_months"."diamonds" >= 0 and "agency_months"."earnings_cents" >= 0)
);
--> statement-breakpoint
-- Months already in the database get their totals now; later months are written by every recompute.
INSERT INTO "agency_months" ("period", "diamonds", "creator_count", "earnings_cents", "diamond_value_micros")
SELECT cm."period", sum(cm."diamonds"), count(*),
  coalesce((SELECT sum(mm."earnings_cents") FROM "member_months" mm WHERE mm."period" = cm."period"), 0),
  coalesce((SELECT max(mm."diamond_value_micros") FROM "member_months" mm WHERE mm."period" = cm."period"),
           (SELECT s."diamond_value_micros" FROM "settings" s WHERE s."id" = 1), 5000)
FROM "creator_months" cm
GROUP BY cm."period";
