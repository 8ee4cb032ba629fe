-- Member search: case- and accent-insensitive partial matching on name and email, indexed by trigrams.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
CREATE INDEX users_search_name_trgm ON users USING gin (search_text(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX users_search_email_trgm ON users USING gin (lower(email) gin_trgm_ops);
--> statement-breakpoint
-- The activity log is append-only: history is never rewritten.
CREATE OR REPLACE FUNCTION activity_log_append_only() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'activity_log is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER activity_log_no_update BEFORE UPDATE OR DELETE ON activity_log
  FOR EACH ROW EXECUTE FUNCTION activity_log_append_only();
