ALTER TABLE "users" ADD COLUMN "status_reason" text;--> statement-breakpoint
CREATE INDEX "users_role_joined_idx" ON "users" USING btree ("role","joined_at");--> statement-breakpoint
CREATE INDEX "users_role_first_name_idx" ON "users" USING btree ("role","first_name");--> statement-breakpoint
CREATE INDEX "creator_months_period_diamonds_idx" ON "creator_months" USING btree ("period","diamonds","creator_id");--> statement-breakpoint
CREATE INDEX "creators_joined_idx" ON "creators" USING btree ("joined_at");--> statement-breakpoint
CREATE INDEX "creators_status_joined_idx" ON "creators" USING btree ("status","joined_at");--> statement-breakpoint
-- Hand-written: trigram indexes for the `%text%` searches of the admin lists (5,000 members,
-- 50,000 creators). PostgreSQL with the pg_trgm extension gets them; where the extension cannot be
-- created (the embedded PGlite, or a role without the right) the searches still work, by scanning.
-- users_search_trgm_idx must keep the expression of memberSearchText in members.admin.repository.ts.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available: list searches scan the tables';
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS "creators_tiktok_username_trgm_idx" ON "creators" USING gin ("tiktok_username" gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS "creators_name_trgm_idx" ON "creators" USING gin ("name" gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS "creators_phone_trgm_idx" ON "creators" USING gin ("phone" gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS "users_search_trgm_idx" ON "users" USING gin ((first_name || '' '' || last_name || '' '' || coalesce(email, '''') || '' '' || coalesce(phone, '''') || '' '' || referral_code) gin_trgm_ops)';
  END IF;
END
$$;
