ALTER TABLE "payments" ADD COLUMN "payout_run_id" uuid;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "status" text DEFAULT 'running' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "existing" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "pending_registration" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "total_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "interrupted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD COLUMN "completed_by" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payout_run_id_payout_runs_id_fk" FOREIGN KEY ("payout_run_id") REFERENCES "public"."payout_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_payout_run_idx" ON "payments" USING btree ("payout_run_id") WHERE "payments"."payout_run_id" is not null;--> statement-breakpoint
CREATE INDEX "payout_runs_started_idx" ON "payout_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "payout_runs_running_idx" ON "payout_runs" USING btree ("status") WHERE "payout_runs"."status" = 'running';--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_status_check" CHECK ("payout_runs"."status" in ('running', 'finished', 'interrupted'));--> statement-breakpoint
-- Runs recorded before this migration: finished ones are finished; one never finished was
-- interrupted (its process died), completed by the first later run of its month or a later one.
UPDATE "payout_runs" SET "status" = 'finished' WHERE "finished_at" IS NOT NULL;--> statement-breakpoint
UPDATE "payout_runs" AS "run" SET "status" = 'interrupted', "interrupted_at" = now(), "completed_by" = (
  SELECT "later"."id" FROM "payout_runs" AS "later"
  WHERE "later"."finished_at" IS NOT NULL AND "later"."period" >= "run"."period" AND "later"."started_at" >= "run"."started_at"
  ORDER BY "later"."started_at", "later"."id" LIMIT 1
) WHERE "run"."finished_at" IS NULL;
