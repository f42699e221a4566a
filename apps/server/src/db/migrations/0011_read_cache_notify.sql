-- The per-instance read cache (docs/decisions/012): every committed change of a table that the
-- member summary or the session lookup reads notifies every instance on one channel, and each
-- instance clears its cache. NOTIFY is delivered at commit only (never for a rolled-back change),
-- and PostgreSQL folds identical notifications of one transaction into one. Statement-level
-- triggers: one notification per statement, however many rows it changed.
CREATE OR REPLACE FUNCTION notify_read_cache() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('agency_read_cache', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
--> statement-breakpoint
CREATE TRIGGER settings_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
--> statement-breakpoint
CREATE TRIGGER member_months_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON member_months
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
--> statement-breakpoint
CREATE TRIGGER creator_months_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON creator_months
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
--> statement-breakpoint
CREATE TRIGGER creators_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON creators
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
--> statement-breakpoint
CREATE TRIGGER payments_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
--> statement-breakpoint
CREATE TRIGGER uploads_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON uploads
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
--> statement-breakpoint
-- Sessions: a new session changes no cached entry (a missing token is never cached), and the
-- last-seen touch (every 5 minutes per session) must not flush every instance's cache: only a
-- change of the columns the lookup reads or checks notifies, and deletion.
CREATE TRIGGER sessions_read_cache_update AFTER UPDATE OF token_hash, user_id, expires_at, revoked_at ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
--> statement-breakpoint
CREATE TRIGGER sessions_read_cache_delete AFTER DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
