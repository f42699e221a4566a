CREATE TABLE "member_months" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"period" text NOT NULL,
	"diamonds" bigint NOT NULL,
	"creator_count" integer NOT NULL,
	"rate_bps" integer NOT NULL,
	"personal_rate" boolean DEFAULT false NOT NULL,
	"diamond_value_micros" integer NOT NULL,
	"earnings_cents" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_months_member_period_unique" UNIQUE("member_id","period"),
	CONSTRAINT "member_months_period_check" CHECK ("member_months"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "member_months_non_negative_check" CHECK ("member_months"."diamonds" >= 0 and "member_months"."earnings_cents" >= 0 and "member_months"."rate_bps" >= 0 and "member_months"."creator_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uploaded_by" uuid,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"period" text NOT NULL,
	"as_of" date NOT NULL,
	"rows" integer NOT NULL,
	"imported" integer NOT NULL,
	"created" integer NOT NULL,
	"skipped" integer NOT NULL,
	"missing" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_period_check" CHECK ("uploads"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "notification_recipients" (
	"notification_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notification_recipients_user_id_notification_id_pk" PRIMARY KEY("user_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"template" text,
	"params" jsonb,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('admin', 'system'))
);
--> statement-breakpoint
ALTER TABLE "creator_months" ADD COLUMN "achieved_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_months" ADD COLUMN "requirement_state" text;--> statement-breakpoint
ALTER TABLE "creator_months" ADD COLUMN "upload_id" uuid;--> statement-breakpoint
ALTER TABLE "member_months" ADD CONSTRAINT "member_months_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_months_period_earnings_idx" ON "member_months" USING btree ("period","earnings_cents");--> statement-breakpoint
CREATE INDEX "member_months_period_diamonds_idx" ON "member_months" USING btree ("period","diamonds");--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "uploads_period_idx" ON "uploads" USING btree ("period","created_at");--> statement-breakpoint
CREATE INDEX "notification_recipients_notification_idx" ON "notification_recipients" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "creator_months_period_state_idx" ON "creator_months" USING btree ("period","requirement_state");--> statement-breakpoint
ALTER TABLE "creator_months" ADD CONSTRAINT "creator_months_requirement_state_check" CHECK ("creator_months"."requirement_state" is null or "creator_months"."requirement_state" in ('onTrack', 'atRisk', 'failing'));