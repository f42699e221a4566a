-- The username's format check, ^[a-z0-9._]{2,24}$, written without the bounded repeat: PostgreSQL's
-- regex engine took ~0.19 s (PostgreSQL) and ~0.35 s (PGlite) for 100,000 usernames, a new
-- agency's first import creating them all; a length and one negated class take ~0.03 s and
-- ~0.05 s. The same usernames pass and fail (db/creator-username-check.test.ts).
ALTER TABLE "creators" DROP CONSTRAINT "creators_tiktok_username_format_check";--> statement-breakpoint
ALTER TABLE "creators" ADD CONSTRAINT "creators_tiktok_username_format_check" CHECK (length("creators"."tiktok_username") between 2 and 24 and "creators"."tiktok_username" !~ '[^a-z0-9._]');