CREATE TABLE "brief_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_briefs" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"covered" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_briefs_pkey" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "forecast_states" (
	"period" text NOT NULL,
	"creator_id" uuid NOT NULL,
	"state" text NOT NULL,
	"dark_days" smallint,
	CONSTRAINT "forecast_states_pkey" PRIMARY KEY("period","creator_id")
);
--> statement-breakpoint
CREATE TABLE "forecast_versions" (
	"period" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_snapshots" (
	"upload_id" uuid PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"as_of" date NOT NULL,
	"creator_count" integer NOT NULL,
	"creator_ids" text NOT NULL,
	"diamonds" text NOT NULL,
	"valid_days" text NOT NULL,
	"live_seconds" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_snapshots_period_check" CHECK ("upload_snapshots"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "brief_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "dark_after_days" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_briefs" ADD CONSTRAINT "daily_briefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_states" ADD CONSTRAINT "forecast_states_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_snapshots" ADD CONSTRAINT "upload_snapshots_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forecast_states_state_idx" ON "forecast_states" USING btree ("period","state");--> statement-breakpoint
CREATE INDEX "upload_snapshots_period_idx" ON "upload_snapshots" USING btree ("period","as_of","created_at");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_dark_after_days_check" CHECK ("settings"."dark_after_days" between 1 and 30);--> statement-breakpoint
-- The snapshot's lists are written inside the import: stored uncompressed (compressing 100,000 creators' lists cost the import ~100 ms).
ALTER TABLE "upload_snapshots" ALTER COLUMN "creator_ids" SET STORAGE EXTERNAL, ALTER COLUMN "diamonds" SET STORAGE EXTERNAL, ALTER COLUMN "valid_days" SET STORAGE EXTERNAL, ALTER COLUMN "live_seconds" SET STORAGE EXTERNAL;
