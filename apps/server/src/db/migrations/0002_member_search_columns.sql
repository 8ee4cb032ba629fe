-- Member search keeps its folded text in stored columns, so matching, re-checking and ordering read a
-- column instead of running unaccent() on every candidate row (measured in bench/RESULTS.md).
ALTER TABLE users ADD COLUMN search_name text GENERATED ALWAYS AS (search_text(name)) STORED;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN search_email text GENERATED ALWAYS AS (lower(email)) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS users_search_name_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS users_search_email_trgm;
--> statement-breakpoint
CREATE INDEX users_search_name_trgm ON users USING gin (search_name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX users_search_email_trgm ON users USING gin (search_email gin_trgm_ops);
