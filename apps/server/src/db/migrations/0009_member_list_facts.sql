DROP INDEX "organisation_members_org_created";--> statement-breakpoint
ALTER TABLE "organisation_members" ADD COLUMN "latest_subscription_id" bigint;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD COLUMN "last_visit_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "subscriptions_org_in_grace" ON "subscriptions" USING btree ("organisation_id") WHERE "subscriptions"."grace_period_ends_at" is not null and "subscriptions"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "subscriptions_org_owing" ON "subscriptions" USING btree ("organisation_id") WHERE "subscriptions"."balance_owing" > 0;--> statement-breakpoint
CREATE INDEX "organisation_members_org_last_visit" ON "organisation_members" USING btree ("organisation_id","last_visit_at","user_id") WHERE "organisation_members"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "organisation_members_latest_subscription" ON "organisation_members" USING btree ("latest_subscription_id");--> statement-breakpoint
CREATE INDEX "organisation_members_org_created" ON "organisation_members" USING btree ("organisation_id","created_at","user_id") WHERE "organisation_members"."deleted_at" is null;--> statement-breakpoint
-- Each member's latest subscription and last allowed visit, kept on their membership row so the members
-- list joins them by key (one row each) instead of looking both up for every member of the organisation.
-- Statement-level triggers with transition tables: a bulk insert updates each member once.
-- A member's latest subscription in an organisation (by created_at, then id): the one statement of that
-- rule, for the triggers below and for a member's page (members.repository.ts).
CREATE OR REPLACE FUNCTION latest_subscription_id(org bigint, member bigint) RETURNS bigint
  LANGUAGE sql STABLE AS $$
  SELECT s.id FROM subscriptions s WHERE s.organisation_id = org AND s.user_id = member
  ORDER BY s.created_at DESC, s.id DESC LIMIT 1
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION organisation_members_refresh_latest_subscription() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organisation_members m
  SET latest_subscription_id = latest_subscription_id(m.organisation_id, m.user_id)
  FROM (SELECT DISTINCT organisation_id, user_id FROM changed_subscriptions) c
  WHERE m.organisation_id = c.organisation_id AND m.user_id = c.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organisation_members_latest_subscription_insert
  AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS changed_subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION organisation_members_refresh_latest_subscription();
--> statement-breakpoint
CREATE TRIGGER organisation_members_latest_subscription_delete
  AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS changed_subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION organisation_members_refresh_latest_subscription();
--> statement-breakpoint
-- A membership row created after its subscriptions (a returning member joining again) picks them up.
CREATE OR REPLACE FUNCTION organisation_members_fill_list_facts() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.latest_subscription_id := latest_subscription_id(NEW.organisation_id, NEW.user_id);
  NEW.last_visit_at := (
    SELECT max(v.visited_at) FROM visits v
    WHERE v.organisation_id = NEW.organisation_id AND v.user_id = NEW.user_id AND v.successful);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER organisation_members_list_facts_insert
  BEFORE INSERT ON organisation_members
  FOR EACH ROW EXECUTE FUNCTION organisation_members_fill_list_facts();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION organisation_members_refresh_last_visit() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organisation_members m
  SET last_visit_at = greatest(m.last_visit_at, n.last)
  FROM (SELECT organisation_id, user_id, max(visited_at) AS last FROM new_visits
        WHERE successful GROUP BY organisation_id, user_id) n
  WHERE m.organisation_id = n.organisation_id AND m.user_id = n.user_id
    AND m.last_visit_at IS DISTINCT FROM greatest(m.last_visit_at, n.last);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organisation_members_last_visit_insert
  AFTER INSERT ON visits REFERENCING NEW TABLE AS new_visits
  FOR EACH STATEMENT EXECUTE FUNCTION organisation_members_refresh_last_visit();
--> statement-breakpoint
-- Every membership's facts in one pass: this migration for existing rows, and bench/data.ts after its
-- bulk load (which skips triggers).
CREATE OR REPLACE FUNCTION organisation_members_rebuild_list_facts() RETURNS void
  LANGUAGE sql AS $$
  -- Every member at once: latest_subscription_id's order, as one sorted pass instead of a lookup each.
  UPDATE organisation_members m SET latest_subscription_id = l.id
  FROM (SELECT DISTINCT ON (organisation_id, user_id) organisation_id, user_id, id FROM subscriptions
        ORDER BY organisation_id, user_id, created_at DESC, id DESC) l
  WHERE m.organisation_id = l.organisation_id AND m.user_id = l.user_id;
  UPDATE organisation_members m SET last_visit_at = v.last
  FROM (SELECT organisation_id, user_id, max(visited_at) AS last FROM visits WHERE successful
        GROUP BY organisation_id, user_id) v
  WHERE m.organisation_id = v.organisation_id AND m.user_id = v.user_id;
$$;
--> statement-breakpoint
SELECT organisation_members_rebuild_list_facts();
--> statement-breakpoint
-- How many live members each organisation has per home gym (gym_key 0: no home gym), so the members
-- list's unfiltered total (and a gym's) is a sum over a few rows instead of a count over every member.
-- Kept from the whole-name rows of member_search_terms, which exist exactly for live members.
CREATE TABLE member_counts (
  organisation_id bigint NOT NULL,
  gym_key bigint NOT NULL,
  members integer NOT NULL,
  PRIMARY KEY (organisation_id, gym_key)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_counts_on_terms_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_counts (organisation_id, gym_key, members)
  SELECT organisation_id, coalesce(home_gym_id, 0), count(*) FROM new_terms WHERE term = name
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (organisation_id, gym_key) DO UPDATE SET members = member_counts.members + excluded.members;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_counts_on_terms_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_counts c SET members = c.members - d.gone
  FROM (SELECT organisation_id, coalesce(home_gym_id, 0) AS gym_key, count(*) AS gone FROM old_terms
        WHERE term = name GROUP BY 1, 2) d
  WHERE c.organisation_id = d.organisation_id AND c.gym_key = d.gym_key;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_counts_terms_insert
  AFTER INSERT ON member_search_terms REFERENCING NEW TABLE AS new_terms
  FOR EACH STATEMENT EXECUTE FUNCTION member_counts_on_terms_insert();
--> statement-breakpoint
CREATE TRIGGER member_counts_terms_delete
  AFTER DELETE ON member_search_terms REFERENCING OLD TABLE AS old_terms
  FOR EACH STATEMENT EXECUTE FUNCTION member_counts_on_terms_delete();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_counts_rebuild() RETURNS void
  LANGUAGE sql AS $$
  DELETE FROM member_counts;
  INSERT INTO member_counts (organisation_id, gym_key, members)
  SELECT organisation_id, coalesce(home_gym_id, 0), count(*) FROM member_search_terms WHERE term = name
  GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT member_counts_rebuild();
--> statement-breakpoint
-- The export's keyset batches read the live members in id order.
CREATE INDEX member_search_terms_by_user ON member_search_terms (organisation_id, user_id) INCLUDE (home_gym_id) WHERE term = name;
