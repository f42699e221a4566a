-- Hand-written: TikTok usernames compare byte by byte (collation "C"). They are stored lower-case
-- a-z0-9._ (the format check), so every collation orders them alike but for the dot and the
-- underscore, which "C" puts by their code (. < 0-9 < _ < a-z), as the C.UTF-8 databases of the
-- tests did already. A libc collation other than "C" compares each pair through strcoll and gives
-- up the abbreviated keys of the unique index: a new agency's first upload, which inserts 100,000
-- creators (and their usernames into that index), measured ~1.1 s instead of ~1.35 s of PostgreSQL
-- work for them, with each batch of usernames inserted in order (insertUploadCreators). Lookups by username, the unique constraint and the trigram index (which
-- is rebuilt, and ignores the collation) serve the same queries as before.
ALTER TABLE "creators" ALTER COLUMN "tiktok_username" SET DATA TYPE text COLLATE "C";
