-- Member search by prefix from an ordered index: each member of an organisation has one row per place a
-- person may start typing (the folded name from each of its words on, the email from each word of its
-- local part on), so "smi", "a" or "jo" read the first rows of an index range and stop at the page size
-- instead of collecting and sorting every trigram match. Kept by triggers on users and memberships; the
-- trigram indexes on users stay for the substring match that runs when prefixes do not fill a page.
CREATE OR REPLACE FUNCTION member_search_terms_of(folded_name text, folded_email text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
  SELECT substr(folded_name, i) FROM generate_series(1, length(folded_name)) i
  WHERE substr(folded_name, i, 1) NOT IN (' ', '-', '''')
    AND (i = 1 OR substr(folded_name, i - 1, 1) IN (' ', '-', ''''))
  UNION
  SELECT substr(folded_email, i) FROM generate_series(1, greatest(position('@' IN folded_email) - 1, 1)) i
  WHERE substr(folded_email, i, 1) NOT IN ('.', '_', '-', '+')
    AND (i = 1 OR substr(folded_email, i - 1, 1) IN ('.', '_', '-', '+'))
$$;
--> statement-breakpoint
CREATE TABLE member_search_terms (
  organisation_id bigint NOT NULL,
  user_id bigint NOT NULL,
  term text COLLATE "C" NOT NULL,
  -- users.search_name, so one index gives the page's order (term, then name) without a sort
  name text COLLATE "C" NOT NULL,
  home_gym_id bigint,
  PRIMARY KEY (organisation_id, user_id, term)
);
--> statement-breakpoint
CREATE INDEX member_search_terms_prefix ON member_search_terms (organisation_id, term, name, user_id) INCLUDE (home_gym_id);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_search_terms_refresh(org bigint, member bigint) RETURNS void
  LANGUAGE sql
  AS $$
  DELETE FROM member_search_terms WHERE organisation_id = org AND user_id = member;
  INSERT INTO member_search_terms (organisation_id, user_id, term, name, home_gym_id)
  SELECT m.organisation_id, m.user_id, t.term, u.search_name, m.home_gym_id
  FROM organisation_members m
  JOIN users u ON u.id = m.user_id
  CROSS JOIN LATERAL member_search_terms_of(u.search_name, u.search_email) AS t(term)
  WHERE m.organisation_id = org AND m.user_id = member AND m.deleted_at IS NULL AND u.deleted_at IS NULL;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_search_terms_on_member() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM member_search_terms_refresh(OLD.organisation_id, OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM member_search_terms_refresh(NEW.organisation_id, NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_search_terms_member
  AFTER INSERT OR DELETE OR UPDATE OF organisation_id, user_id, home_gym_id, deleted_at ON organisation_members
  FOR EACH ROW EXECUTE FUNCTION member_search_terms_on_member();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_search_terms_on_user() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_search_terms_refresh(m.organisation_id, m.user_id)
  FROM organisation_members m WHERE m.user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_search_terms_user
  AFTER UPDATE OF name, email, deleted_at ON users
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION member_search_terms_on_user();
--> statement-breakpoint
-- Existing members (bench/data.ts runs the same statement after its bulk load, which skips triggers).
INSERT INTO member_search_terms (organisation_id, user_id, term, name, home_gym_id)
SELECT m.organisation_id, m.user_id, t.term, u.search_name, m.home_gym_id
FROM organisation_members m
JOIN users u ON u.id = m.user_id
CROSS JOIN LATERAL member_search_terms_of(u.search_name, u.search_email) AS t(term)
WHERE m.deleted_at IS NULL AND u.deleted_at IS NULL;
