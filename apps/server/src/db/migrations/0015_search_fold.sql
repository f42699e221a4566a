-- Hand-written: the list searches compare texts folded by the Turkish and Azerbaijani rules for
-- the dotted and dotless i (PRODUCT section 6): "ırmak" finds "Irmak", "ışık" finds "IŞIK",
-- "istanbul" finds "İstanbul". ILIKE cannot: lower('I') is 'i' (or 'ı' under a Turkish collation)
-- and lower('ı') stays 'ı'. search_fold maps İ, I, ı (and a combining dot above) to i first, then
-- lower() does the rest, so it gives the same answer under every collation, PGlite included.
-- Both sides of a search go through it: search_fold(column) LIKE search_fold('%text%').
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(translate(value, U&'\0130I\0131\0307', 'iii')) $$;
--> statement-breakpoint
-- The trigram indexes of migration 0003 served ILIKE on the raw texts; the searches now compare the
-- folded texts, so the indexes of the member text and the creator name hold those (same extension
-- guard as 0003). TikTok usernames are stored lower-case a-z0-9._, already folded: their index stays
-- and serves tiktok_username LIKE search_fold('%text%'). The expression of users_search_fold_trgm_idx
-- must stay identical to memberSearchText in members.admin.repository.ts.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'DROP INDEX IF EXISTS "users_search_trgm_idx"';
    EXECUTE 'DROP INDEX IF EXISTS "creators_name_trgm_idx"';
    EXECUTE 'CREATE INDEX IF NOT EXISTS "creators_name_fold_trgm_idx" ON "creators" USING gin (search_fold("name") gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS "users_search_fold_trgm_idx" ON "users" USING gin (search_fold(first_name || '' '' || last_name || '' '' || coalesce(email, '''') || '' '' || coalesce(phone, '''') || '' '' || referral_code) gin_trgm_ops)';
  END IF;
END
$$;
