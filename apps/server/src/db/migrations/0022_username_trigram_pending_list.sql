-- Hand-written: the trigram index of the TikTok usernames (migration 0003, PostgreSQL with pg_trgm
-- only) takes new usernames into its pending list of up to 64 MB instead of 4 MB (GIN's "fast
-- update", PostgreSQL's default for this index kind, with a larger list). A new agency's first
-- import creates up to 100,000 creators in one transaction: with 4 MB the inserting backend merged
-- the list into the index again and again, ~1.3-2.3 s of the COPY of 100,000 creators (2.7-3.8 s
-- against 1.4-1.9 s measured). The list (~31 MB for 100,000 usernames) is merged by autovacuum
-- after the import, or by an insert that fills it. A search through the index reads the list
-- until then; the creators list's search, which PostgreSQL serves from the join date's index
-- anyway, took ~11 ms either way at 100,000 creators. Where pg_trgm is missing (PGlite) there is
-- no such index and nothing changes.
DO $$
BEGIN
  IF to_regclass('creators_tiktok_username_trgm_idx') IS NOT NULL THEN
    EXECUTE 'ALTER INDEX "creators_tiktok_username_trgm_idx" SET (gin_pending_list_limit = 65536)';
  END IF;
END
$$;
