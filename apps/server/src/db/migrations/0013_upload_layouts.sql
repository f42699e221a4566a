CREATE TABLE "upload_column_mappings" (
	"signature" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"headers" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_months" ADD COLUMN "left_network" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_column_mappings" ADD CONSTRAINT "upload_column_mappings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;