-- The creators list's "LIVE time halved" filter (`?forecast=paceFell`): each creator's stored
-- forecast state says whether the LIVE time of the last 7 days fell below half of the 7 before.
ALTER TABLE "forecast_states" ADD COLUMN "pace_fell" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The states written before this column say false for everybody: forgetting their versions makes
-- the next list that asks write them again from the snapshots (forecasts.service ensureStates).
DELETE FROM "forecast_versions";
