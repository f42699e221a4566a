-- Creators without an owner, an affiliate, a phone or a name (every creator a new agency's first
-- upload makes: 100,000 of them in one import) add no entry to the indexes that serve only rows
-- that have one: the owner and affiliate indexes (`owner_id = $1`, and users' ON DELETE SET NULL,
-- imply `is not null`), the phone's trigram index (`phone ILIKE '%...%'` implies it too) and the
-- name's (the creators search asks `name <> '' and search_fold(name) like ...`, creators.repository.ts).
-- The trigram indexes keep migration 0003's extension guard (docs/decisions/006).
DROP INDEX "creators_owner_idx";--> statement-breakpoint
DROP INDEX "creators_affiliate_idx";--> statement-breakpoint
CREATE INDEX "creators_owner_idx" ON "creators" USING btree ("owner_id") WHERE "creators"."owner_id" is not null;--> statement-breakpoint
CREATE INDEX "creators_affiliate_idx" ON "creators" USING btree ("affiliate_id") WHERE "creators"."affiliate_id" is not null;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'DROP INDEX IF EXISTS "creators_phone_trgm_idx"';
    EXECUTE 'CREATE INDEX "creators_phone_trgm_idx" ON "creators" USING gin ("phone" gin_trgm_ops) WHERE "phone" IS NOT NULL';
    EXECUTE 'DROP INDEX IF EXISTS "creators_name_fold_trgm_idx"';
    EXECUTE 'CREATE INDEX "creators_name_fold_trgm_idx" ON "creators" USING gin (search_fold("name") gin_trgm_ops) WHERE "name" <> ''''';
  END IF;
END
$$;
