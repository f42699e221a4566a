-- A creator's month is keyed by (creator_id, period), which was already unique: the surrogate
-- `id` (a random uuid that nothing refers to) and its primary-key index go. Each month row written
-- by an upload paid for one more index insert in random order; without it a 100,000-row month is
-- written in ~60% of the time on PGlite (docs/decisions/006). The unique constraint becomes the
-- primary key. Dropping the column drops its primary key constraint first.
ALTER TABLE "creator_months" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "creator_months" DROP CONSTRAINT "creator_months_creator_period_unique";--> statement-breakpoint
ALTER TABLE "creator_months" ADD CONSTRAINT "creator_months_pkey" PRIMARY KEY("creator_id","period");
