-- Hand-written: the four lists of an upload's snapshot (upload_snapshots, one row of ~3.7 MB of
-- creator ids and three lists of figures for 100,000 creators) are compressed with LZ4 where the
-- server is built with it (PostgreSQL 14 and later, as Debian's packages are): PostgreSQL's own
-- pglz took ~0.22 s to store such a row, LZ4 ~0.05 s, at the end of a 100,000-row import, when
-- nothing else runs (docs/decisions/006). PGlite has pglz only and keeps it. Existing rows keep
-- the compression they were written with; both read back the same.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    EXECUTE 'ALTER TABLE "upload_snapshots" ALTER COLUMN "creator_ids" SET COMPRESSION lz4, ALTER COLUMN "diamonds" SET COMPRESSION lz4, ALTER COLUMN "valid_days" SET COMPRESSION lz4, ALTER COLUMN "live_seconds" SET COMPRESSION lz4';
  END IF;
END $$;
