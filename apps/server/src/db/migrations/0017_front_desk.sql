-- The global search finds a member by mobile number as the members list does: each member gets search
-- terms for their mobile's digits (as written, in the national form when written +64…, and the number
-- after its three-digit prefix: "021 555 1234" → "0215551234", "5551234"), read from the same ordered
-- prefix index as names and emails. Terms are digits only, so a name or email word never meets them.
CREATE OR REPLACE FUNCTION member_search_mobile_terms_of(mobile text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
  WITH d AS (SELECT regexp_replace(mobile, '\D', '', 'g') AS digits),
  n AS (SELECT CASE WHEN digits LIKE '64%' AND length(digits) > 4 THEN '0' || substr(digits, 3) ELSE digits END AS national, digits FROM d)
  SELECT digits FROM n WHERE length(digits) >= 3
  UNION SELECT national FROM n WHERE length(national) >= 3
  UNION SELECT substr(national, 4) FROM n WHERE national LIKE '0%' AND length(national) >= 8
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_search_terms_refresh(org bigint, member bigint) RETURNS void
  LANGUAGE sql
  AS $$
  DELETE FROM member_search_terms WHERE organisation_id = org AND user_id = member;
  INSERT INTO member_search_terms (organisation_id, user_id, term, name, home_gym_id)
  SELECT m.organisation_id, m.user_id, t.term, u.search_name, m.home_gym_id
  FROM organisation_members m
  JOIN users u ON u.id = m.user_id
  CROSS JOIN LATERAL (
    SELECT member_search_terms_of(u.search_name, u.search_email)
    UNION SELECT member_search_mobile_terms_of(u.mobile_number)
  ) AS t(term)
  WHERE m.organisation_id = org AND m.user_id = member AND m.deleted_at IS NULL AND u.deleted_at IS NULL;
$$;
--> statement-breakpoint
DROP TRIGGER member_search_terms_user ON users;
--> statement-breakpoint
CREATE TRIGGER member_search_terms_user
  AFTER UPDATE OF name, email, mobile_number, deleted_at ON users
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.mobile_number IS DISTINCT FROM NEW.mobile_number OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION member_search_terms_on_user();
--> statement-breakpoint
-- Existing members' mobile terms (bench/data.ts adds them with the rest after its bulk load).
INSERT INTO member_search_terms (organisation_id, user_id, term, name, home_gym_id)
SELECT m.organisation_id, m.user_id, t.term, u.search_name, m.home_gym_id
FROM organisation_members m
JOIN users u ON u.id = m.user_id
CROSS JOIN LATERAL member_search_mobile_terms_of(u.mobile_number) AS t(term)
WHERE m.deleted_at IS NULL AND u.deleted_at IS NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Visits recorded at the front desk (issue 26): who checked the member in, and for a refused visit the
-- reason the door would have given (a door's own refusals carry none). A desk visit has no door; its
-- external_event_id is the desk's idempotency key, so a double press records one visit.
ALTER TABLE visits ADD COLUMN checked_in_by bigint REFERENCES users(id);
--> statement-breakpoint
ALTER TABLE visits ADD COLUMN refused_reason text;
--> statement-breakpoint
ALTER TABLE visits ADD CONSTRAINT visits_refused_reason CHECK (refused_reason IS NULL OR refused_reason IN ('no_membership','cancelled','paused','not_started'));
