-- The members list's rare states and "owing" in name order (issue 27, decision 018's second addendum): each
-- member's whole-name row of member_search_terms (term = name, one per live member, which carries the name
-- order) keeps the inputs of their latest subscription's state (subscriptionState's: the subscription,
-- its start date, pause, cancellation, grace and upcoming state) and its balance owing. The page tests the
-- state on these columns with the same SQL as on the subscription (stateIsSql, db/subscription-state-sql.ts)
-- for the day it is asked, so it is exact on every day without a nightly job: what depends on the day (a
-- pause's first day, a start date to come) is a date kept here and compared with that day. The partial
-- indexes below hold only the rows that can be in a rare state on some day (the state's part that does not
-- depend on the day), in name order, so "paused (grace, cancelled, owing) sorted by name" walks those rows
-- instead of every member. Other rows (term <> name) keep nulls.
ALTER TABLE "member_search_terms" ADD COLUMN "subscription_id" bigint;--> statement-breakpoint
ALTER TABLE "member_search_terms" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "member_search_terms" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_search_terms" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_search_terms" ADD COLUMN "grace_period_ends_at" date;--> statement-breakpoint
ALTER TABLE "member_search_terms" ADD COLUMN "upcoming_state" text;--> statement-breakpoint
ALTER TABLE "member_search_terms" ADD COLUMN "balance_owing" integer;--> statement-breakpoint
-- A whole-name row as it is written (member_search_terms_refresh deletes and inserts a member's rows when
-- they join, leave, move gym or are renamed) reads the membership's latest subscription.
CREATE OR REPLACE FUNCTION member_search_terms_fill_states() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  SELECT s.id, s.start_date, s.paused_at, s.cancelled_at, s.grace_period_ends_at, s.upcoming_state, s.balance_owing
  INTO NEW.subscription_id, NEW.start_date, NEW.paused_at, NEW.cancelled_at, NEW.grace_period_ends_at,
       NEW.upcoming_state, NEW.balance_owing
  FROM organisation_members m JOIN subscriptions s ON s.id = m.latest_subscription_id
  WHERE m.organisation_id = NEW.organisation_id AND m.user_id = NEW.user_id;
  IF NOT FOUND THEN
    NEW.subscription_id := NULL; NEW.start_date := NULL; NEW.paused_at := NULL; NEW.cancelled_at := NULL;
    NEW.grace_period_ends_at := NULL; NEW.upcoming_state := NULL; NEW.balance_owing := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_search_terms_states
  BEFORE INSERT OR UPDATE OF organisation_id, user_id, term, name ON member_search_terms
  FOR EACH ROW WHEN (NEW.term = NEW.name) EXECUTE FUNCTION member_search_terms_fill_states();
--> statement-breakpoint
-- The whole-name row of one member takes their latest subscription's inputs (none: nulls), written only
-- when they moved.
CREATE OR REPLACE FUNCTION member_search_terms_refresh_states(org bigint, member bigint) RETURNS void
  LANGUAGE sql AS $$
  UPDATE member_search_terms t
  SET subscription_id = s.id, start_date = s.start_date, paused_at = s.paused_at, cancelled_at = s.cancelled_at,
      grace_period_ends_at = s.grace_period_ends_at, upcoming_state = s.upcoming_state, balance_owing = s.balance_owing
  FROM organisation_members m LEFT JOIN subscriptions s ON s.id = m.latest_subscription_id
  WHERE m.organisation_id = org AND m.user_id = member
    AND t.organisation_id = org AND t.user_id = member AND t.term = t.name
    AND (t.subscription_id, t.start_date, t.paused_at, t.cancelled_at, t.grace_period_ends_at, t.upcoming_state, t.balance_owing)
      IS DISTINCT FROM (s.id, s.start_date, s.paused_at, s.cancelled_at, s.grace_period_ends_at, s.upcoming_state, s.balance_owing);
$$;
--> statement-breakpoint
-- The membership's latest subscription changed (a subscription made or deleted, migration 0009's triggers).
CREATE OR REPLACE FUNCTION member_search_terms_on_latest_subscription() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_search_terms_refresh_states(NEW.organisation_id, NEW.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_search_terms_latest_subscription
  AFTER UPDATE OF latest_subscription_id ON organisation_members
  FOR EACH ROW WHEN (OLD.latest_subscription_id IS DISTINCT FROM NEW.latest_subscription_id)
  EXECUTE FUNCTION member_search_terms_on_latest_subscription();
--> statement-breakpoint
-- A subscription changed (paused, resumed, cancelled, into or out of grace, a charge owed or paid, a start
-- date moved): the whole-name rows of the memberships it is the latest of take its inputs, written only
-- when they moved (a charge paid on time changes none of them).
CREATE OR REPLACE FUNCTION member_search_terms_on_subscription_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_search_terms t
  SET subscription_id = n.id, start_date = n.start_date, paused_at = n.paused_at, cancelled_at = n.cancelled_at,
      grace_period_ends_at = n.grace_period_ends_at, upcoming_state = n.upcoming_state, balance_owing = n.balance_owing
  FROM states_subscriptions_new n
  JOIN organisation_members m
    ON m.organisation_id = n.organisation_id AND m.user_id = n.user_id AND m.latest_subscription_id = n.id
  WHERE t.organisation_id = m.organisation_id AND t.user_id = m.user_id AND t.term = t.name
    AND (t.subscription_id, t.start_date, t.paused_at, t.cancelled_at, t.grace_period_ends_at, t.upcoming_state, t.balance_owing)
      IS DISTINCT FROM (n.id, n.start_date, n.paused_at, n.cancelled_at, n.grace_period_ends_at, n.upcoming_state, n.balance_owing);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_search_terms_subscription_update
  AFTER UPDATE ON subscriptions REFERENCING NEW TABLE AS states_subscriptions_new
  FOR EACH STATEMENT EXECUTE FUNCTION member_search_terms_on_subscription_update();
--> statement-breakpoint
-- Every whole-name row in one pass, returning how many it had to change (0 when the triggers kept them):
-- this migration for existing rows, bench/data.ts after its bulk load (which skips triggers), and the tests.
CREATE OR REPLACE FUNCTION member_search_terms_rebuild_states() RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  UPDATE member_search_terms t
  SET subscription_id = k.id, start_date = k.start_date, paused_at = k.paused_at, cancelled_at = k.cancelled_at,
      grace_period_ends_at = k.grace_period_ends_at, upcoming_state = k.upcoming_state, balance_owing = k.balance_owing
  FROM (SELECT m.organisation_id, m.user_id, s.id, s.start_date, s.paused_at, s.cancelled_at,
               s.grace_period_ends_at, s.upcoming_state, s.balance_owing
        FROM organisation_members m LEFT JOIN subscriptions s ON s.id = m.latest_subscription_id) k
  WHERE t.organisation_id = k.organisation_id AND t.user_id = k.user_id AND t.term = t.name
    AND (t.subscription_id, t.start_date, t.paused_at, t.cancelled_at, t.grace_period_ends_at, t.upcoming_state, t.balance_owing)
      IS DISTINCT FROM (k.id, k.start_date, k.paused_at, k.cancelled_at, k.grace_period_ends_at, k.upcoming_state, k.balance_owing);
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed;
END $$;
--> statement-breakpoint
-- The rows that can be in each rare state on some day, in name order. A state's page says the state's
-- tests on the kept columns (stateIsSql), which imply the index's condition, so the planner may walk it;
-- the condition only chooses the index, the page's own tests decide which members are listed. Paused: a
-- pause on the row, not cancelled (it begins on its Auckland date); grace and cancelled do not depend on
-- the day; owing is a balance above 0. Built before the rebuild below fills the columns, so its updates
-- maintain them: built after, they would follow the rebuild's HOT updates, and the planner ignores such an
-- index (indcheckxmin) until every transaction older than the migration has ended.
CREATE INDEX "member_search_terms_paused" ON "member_search_terms" USING btree ("organisation_id","name","user_id") INCLUDE ("home_gym_id") WHERE "term" = "name" AND "paused_at" IS NOT NULL AND "cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "member_search_terms_grace" ON "member_search_terms" USING btree ("organisation_id","name","user_id") INCLUDE ("home_gym_id") WHERE "term" = "name" AND "grace_period_ends_at" IS NOT NULL AND "cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "member_search_terms_cancelled" ON "member_search_terms" USING btree ("organisation_id","name","user_id") INCLUDE ("home_gym_id") WHERE "term" = "name" AND "cancelled_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "member_search_terms_owing" ON "member_search_terms" USING btree ("organisation_id","name","user_id") INCLUDE ("home_gym_id") WHERE "term" = "name" AND "balance_owing" > 0;--> statement-breakpoint
SELECT member_search_terms_rebuild_states();
--> statement-breakpoint
-- The planner's statistics for the new columns (and the new indexes' sizes).
ANALYZE member_search_terms;
