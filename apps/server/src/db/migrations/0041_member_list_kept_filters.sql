-- Every members filter counted from one index (issue 27, decision 018's third addendum). A filtered list's
-- total counts its matches up to MEMBER_COUNT_LIMIT; it read the memberships, looked up each one's
-- whole-name row (liveness) and joined its subscription (state, price): three index probes a match, about
-- 30 ms for 10,000 matches at 100,000 members and 150 to 900 ms p95 at a million. The whole-name rows
-- (term = name: one per live member, with the home gym and, since 0036, the latest subscription's state
-- inputs and balance owing) now keep the rest of what the filters read: the membership's joined instant,
-- last visit and tags, and the latest subscription's price. One partial index holds every whole-name row
-- with all of those columns, so a count is an index-only scan of one organisation's rows that stops at the
-- limit; the rare states' and owing's partial indexes carry the state inputs, so theirs are index-only too.
ALTER TABLE "member_search_terms" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_search_terms" ADD COLUMN "last_visit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_search_terms" ADD COLUMN "tags" text[];--> statement-breakpoint
ALTER TABLE "member_search_terms" ADD COLUMN "price_id" bigint;--> statement-breakpoint
ALTER TABLE "member_search_terms" ADD COLUMN "next_payment_date" date;--> statement-breakpoint
-- A whole-name row as it is written takes the membership's facts and its latest subscription's inputs.
CREATE OR REPLACE FUNCTION member_search_terms_fill_states() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  SELECT m.created_at, m.last_visit_at, m.tags, m.next_payment_date
  INTO NEW.joined_at, NEW.last_visit_at, NEW.tags, NEW.next_payment_date
  FROM organisation_members m
  WHERE m.organisation_id = NEW.organisation_id AND m.user_id = NEW.user_id;
  IF NOT FOUND THEN
    NEW.joined_at := NULL; NEW.last_visit_at := NULL; NEW.tags := NULL; NEW.next_payment_date := NULL;
  END IF;
  SELECT s.id, s.start_date, s.paused_at, s.cancelled_at, s.grace_period_ends_at, s.upcoming_state, s.balance_owing,
         s.price_id
  INTO NEW.subscription_id, NEW.start_date, NEW.paused_at, NEW.cancelled_at, NEW.grace_period_ends_at,
       NEW.upcoming_state, NEW.balance_owing, NEW.price_id
  FROM organisation_members m JOIN subscriptions s ON s.id = m.latest_subscription_id
  WHERE m.organisation_id = NEW.organisation_id AND m.user_id = NEW.user_id;
  IF NOT FOUND THEN
    NEW.subscription_id := NULL; NEW.start_date := NULL; NEW.paused_at := NULL; NEW.cancelled_at := NULL;
    NEW.grace_period_ends_at := NULL; NEW.upcoming_state := NULL; NEW.balance_owing := NULL; NEW.price_id := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_search_terms_refresh_states(org bigint, member bigint) RETURNS void
  LANGUAGE sql AS $$
  UPDATE member_search_terms t
  SET subscription_id = s.id, start_date = s.start_date, paused_at = s.paused_at, cancelled_at = s.cancelled_at,
      grace_period_ends_at = s.grace_period_ends_at, upcoming_state = s.upcoming_state, balance_owing = s.balance_owing,
      price_id = s.price_id
  FROM organisation_members m LEFT JOIN subscriptions s ON s.id = m.latest_subscription_id
  WHERE m.organisation_id = org AND m.user_id = member
    AND t.organisation_id = org AND t.user_id = member AND t.term = t.name
    AND (t.subscription_id, t.start_date, t.paused_at, t.cancelled_at, t.grace_period_ends_at, t.upcoming_state, t.balance_owing, t.price_id)
      IS DISTINCT FROM (s.id, s.start_date, s.paused_at, s.cancelled_at, s.grace_period_ends_at, s.upcoming_state, s.balance_owing, s.price_id);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_search_terms_on_subscription_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_search_terms t
  SET subscription_id = n.id, start_date = n.start_date, paused_at = n.paused_at, cancelled_at = n.cancelled_at,
      grace_period_ends_at = n.grace_period_ends_at, upcoming_state = n.upcoming_state, balance_owing = n.balance_owing,
      price_id = n.price_id
  FROM states_subscriptions_new n
  JOIN organisation_members m
    ON m.organisation_id = n.organisation_id AND m.user_id = n.user_id AND m.latest_subscription_id = n.id
  WHERE t.organisation_id = m.organisation_id AND t.user_id = m.user_id AND t.term = t.name
    AND (t.subscription_id, t.start_date, t.paused_at, t.cancelled_at, t.grace_period_ends_at, t.upcoming_state, t.balance_owing, t.price_id)
      IS DISTINCT FROM (n.id, n.start_date, n.paused_at, n.cancelled_at, n.grace_period_ends_at, n.upcoming_state, n.balance_owing, n.price_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The membership's joined instant, last visit (a visit recorded, migration 0009), tags or next payment date
-- (kept from its latest subscription, migration 0033) changed: its whole-name row takes them.
CREATE OR REPLACE FUNCTION member_search_terms_on_member_facts() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_search_terms t
  SET joined_at = NEW.created_at, last_visit_at = NEW.last_visit_at, tags = NEW.tags,
      next_payment_date = NEW.next_payment_date
  WHERE t.organisation_id = NEW.organisation_id AND t.user_id = NEW.user_id AND t.term = t.name
    AND (t.joined_at, t.last_visit_at, t.tags, t.next_payment_date)
      IS DISTINCT FROM (NEW.created_at, NEW.last_visit_at, NEW.tags, NEW.next_payment_date);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No column list: the next payment date is set by 0033's BEFORE trigger when the latest subscription or
-- its keys change, and a column list fires only for the columns the UPDATE statement itself names.
CREATE TRIGGER member_search_terms_member_facts
  AFTER UPDATE ON organisation_members
  FOR EACH ROW WHEN ((OLD.created_at, OLD.last_visit_at, OLD.tags, OLD.next_payment_date)
    IS DISTINCT FROM (NEW.created_at, NEW.last_visit_at, NEW.tags, NEW.next_payment_date))
  EXECUTE FUNCTION member_search_terms_on_member_facts();
--> statement-breakpoint
-- Each live member's tags, one row a tag, kept from the whole-name rows: a tag's total is a range of this
-- table's key (its members scattered among a million whole-name rows, "student" on 6 % of them, the count
-- read 170,000 index entries to find 10,001).
CREATE TABLE "member_tags" (
  "organisation_id" bigint NOT NULL,
  "tag" text NOT NULL,
  "user_id" bigint NOT NULL,
  "home_gym_id" bigint,
  PRIMARY KEY ("organisation_id", "tag", "user_id")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_tags_on_terms() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND cardinality(OLD.tags) > 0 THEN
    DELETE FROM member_tags g
    WHERE g.organisation_id = OLD.organisation_id AND g.tag = any(OLD.tags) AND g.user_id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.joined_at IS NOT NULL AND cardinality(NEW.tags) > 0 THEN
    INSERT INTO member_tags (organisation_id, tag, user_id, home_gym_id)
    SELECT DISTINCT NEW.organisation_id, x.tag, NEW.user_id, NEW.home_gym_id FROM unnest(NEW.tags) AS x(tag)
    ON CONFLICT (organisation_id, tag, user_id) DO UPDATE SET home_gym_id = excluded.home_gym_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every whole-name row in one pass, returning how many it had to change (0 when the triggers kept them).
CREATE OR REPLACE FUNCTION member_search_terms_rebuild_states() RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
  gone integer;
  added integer;
BEGIN
  UPDATE member_search_terms t
  SET subscription_id = k.id, start_date = k.start_date, paused_at = k.paused_at, cancelled_at = k.cancelled_at,
      grace_period_ends_at = k.grace_period_ends_at, upcoming_state = k.upcoming_state, balance_owing = k.balance_owing,
      price_id = k.price_id, joined_at = k.created_at, last_visit_at = k.last_visit_at, tags = k.tags,
      next_payment_date = k.next_payment_date
  FROM (SELECT m.organisation_id, m.user_id, m.created_at, m.last_visit_at, m.tags, m.next_payment_date, s.id, s.start_date, s.paused_at,
               s.cancelled_at, s.grace_period_ends_at, s.upcoming_state, s.balance_owing, s.price_id
        FROM organisation_members m LEFT JOIN subscriptions s ON s.id = m.latest_subscription_id) k
  WHERE t.organisation_id = k.organisation_id AND t.user_id = k.user_id AND t.term = t.name
    AND (t.subscription_id, t.start_date, t.paused_at, t.cancelled_at, t.grace_period_ends_at, t.upcoming_state,
         t.balance_owing, t.price_id, t.joined_at, t.last_visit_at, t.tags, t.next_payment_date)
      IS DISTINCT FROM (k.id, k.start_date, k.paused_at, k.cancelled_at, k.grace_period_ends_at, k.upcoming_state,
         k.balance_owing, k.price_id, k.created_at, k.last_visit_at, k.tags, k.next_payment_date);
  GET DIAGNOSTICS changed = ROW_COUNT;
  -- The tags' rows, from the whole-name rows (the update above kept those it changed): the stale ones
  -- removed, then the missing ones added, each counted as a change.
  DELETE FROM member_tags g WHERE NOT EXISTS (
    SELECT 1 FROM member_search_terms t
    WHERE t.organisation_id = g.organisation_id AND t.user_id = g.user_id AND t.term = t.name
      AND t.joined_at IS NOT NULL AND g.tag = any(t.tags) AND t.home_gym_id IS NOT DISTINCT FROM g.home_gym_id);
  GET DIAGNOSTICS gone = ROW_COUNT;
  INSERT INTO member_tags (organisation_id, tag, user_id, home_gym_id)
  SELECT DISTINCT t.organisation_id, x.tag, t.user_id, t.home_gym_id
  FROM member_search_terms t CROSS JOIN LATERAL unnest(t.tags) AS x(tag)
  WHERE t.joined_at IS NOT NULL
  ON CONFLICT (organisation_id, tag, user_id) DO NOTHING;
  GET DIAGNOSTICS added = ROW_COUNT;
  changed := changed + gone + added;
  RETURN changed;
END $$;
--> statement-breakpoint
-- The new indexes hold the rows whose joined_at is set: exactly the whole-name rows (the triggers above set it
-- only there, from the membership's created_at, which is never null). The planner estimates "joined_at is
-- not null" from the column's statistics (one row in seven); "term = name" it guesses at 0.5 % of the table
-- whatever the data, and from that guess it took a name-ordered page with a joined-between filter for 200
-- rows and sorted 40,000 of them. The list's queries say "joined_at is not null", so these serve them.
-- The name order, with the state's inputs beside each row (a page of a state, index-only).
CREATE INDEX "member_search_terms_list_by_name" ON "member_search_terms" USING btree ("organisation_id","name","user_id") INCLUDE ("home_gym_id","subscription_id","start_date","paused_at","cancelled_at","grace_period_ends_at","upcoming_state","balance_owing") WHERE "joined_at" IS NOT NULL;--> statement-breakpoint
-- Every live member with everything a filter reads, so a filtered total is an index-only scan of one
-- organisation's (and gym's) rows. Built before the rebuild below (see 0036 on indcheckxmin).
CREATE INDEX "member_search_terms_filters" ON "member_search_terms" USING btree ("organisation_id","home_gym_id") INCLUDE ("subscription_id","start_date","paused_at","cancelled_at","grace_period_ends_at","upcoming_state","balance_owing","price_id","joined_at","last_visit_at","tags") WHERE "joined_at" IS NOT NULL;--> statement-breakpoint
-- The other orders (joined, last visit, next payment, balance owing) walk the whole-name rows in that order
-- with the state's inputs beside each (the memberships' own sort indexes made each row walked a lookup of
-- its subscription: an "active" page sorted by balance owing walked every owing member first, 3,000 lookups
-- at 100,000 members).
CREATE INDEX "member_search_terms_by_joined" ON "member_search_terms" USING btree ("organisation_id","joined_at","user_id") INCLUDE ("home_gym_id","subscription_id","start_date","paused_at","cancelled_at","grace_period_ends_at","upcoming_state","balance_owing") WHERE "joined_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "member_search_terms_by_last_visit" ON "member_search_terms" USING btree ("organisation_id","last_visit_at","user_id") INCLUDE ("home_gym_id","subscription_id","start_date","paused_at","cancelled_at","grace_period_ends_at","upcoming_state","balance_owing") WHERE "joined_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "member_search_terms_by_next_payment" ON "member_search_terms" USING btree ("organisation_id","next_payment_date","user_id") INCLUDE ("home_gym_id","subscription_id","start_date","paused_at","cancelled_at","grace_period_ends_at","upcoming_state","balance_owing") WHERE "joined_at" IS NOT NULL;--> statement-breakpoint
-- (A member without a subscription owes 0 in that order, as on the membership: the row keeps null there.)
-- (The column itself is included too: an index-only scan cannot return the key's expression, and without
-- it an "active" page by balance owing read the heap for the 30,000 owing members it walked first.)
CREATE INDEX "member_search_terms_by_balance" ON "member_search_terms" USING btree ("organisation_id",coalesce("balance_owing", 0),"user_id") INCLUDE ("home_gym_id","subscription_id","start_date","paused_at","cancelled_at","grace_period_ends_at","upcoming_state","balance_owing") WHERE "joined_at" IS NOT NULL;--> statement-breakpoint
-- The rare states' and owing's rows, now with the columns their tests read (a total of 10,000 of them read
-- the heap for each before).
DROP INDEX "member_search_terms_paused";--> statement-breakpoint
DROP INDEX "member_search_terms_grace";--> statement-breakpoint
DROP INDEX "member_search_terms_cancelled";--> statement-breakpoint
DROP INDEX "member_search_terms_owing";--> statement-breakpoint
CREATE INDEX "member_search_terms_paused" ON "member_search_terms" USING btree ("organisation_id","name","user_id") INCLUDE ("home_gym_id","subscription_id","start_date","paused_at","cancelled_at","grace_period_ends_at","upcoming_state","balance_owing") WHERE "joined_at" IS NOT NULL AND "paused_at" IS NOT NULL AND "cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "member_search_terms_grace" ON "member_search_terms" USING btree ("organisation_id","name","user_id") INCLUDE ("home_gym_id","subscription_id","start_date","paused_at","cancelled_at","grace_period_ends_at","upcoming_state","balance_owing") WHERE "joined_at" IS NOT NULL AND "grace_period_ends_at" IS NOT NULL AND "cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "member_search_terms_cancelled" ON "member_search_terms" USING btree ("organisation_id","name","user_id") INCLUDE ("home_gym_id","subscription_id","start_date","paused_at","cancelled_at","grace_period_ends_at","upcoming_state","balance_owing") WHERE "joined_at" IS NOT NULL AND "cancelled_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "member_search_terms_owing" ON "member_search_terms" USING btree ("organisation_id","name","user_id") INCLUDE ("home_gym_id","subscription_id","start_date","paused_at","cancelled_at","grace_period_ends_at","upcoming_state","balance_owing") WHERE "joined_at" IS NOT NULL AND "balance_owing" > 0;--> statement-breakpoint
-- No parallel workers on this table: its statements are the list's and the search's, each a short walk of
-- an index, run by many staff at once. The planner underestimates a common state (it multiplies the state's
-- tests as if independent: "active" at 2 % of the rows where it is 85 %) and then split a count that stops
-- at 10,001 rows over two workers, whose start-up cost more than the walk (4 to 32 ms at 100,000 members).
ALTER TABLE "member_search_terms" SET (parallel_workers = 0);--> statement-breakpoint
SELECT member_search_terms_rebuild_states();
--> statement-breakpoint
-- The tags' triggers after the rebuild, which filled member_tags in one pass (row by row, as the rebuild
-- set every row's joined_at, they held this migration past 12 minutes at a million members; 4 minutes after).
CREATE TRIGGER member_tags_terms_insert
  AFTER INSERT ON member_search_terms
  FOR EACH ROW WHEN (NEW.joined_at IS NOT NULL AND cardinality(NEW.tags) > 0)
  EXECUTE FUNCTION member_tags_on_terms();
--> statement-breakpoint
CREATE TRIGGER member_tags_terms_delete
  AFTER DELETE ON member_search_terms
  FOR EACH ROW WHEN (OLD.joined_at IS NOT NULL AND cardinality(OLD.tags) > 0)
  EXECUTE FUNCTION member_tags_on_terms();
--> statement-breakpoint
CREATE TRIGGER member_tags_terms_update
  AFTER UPDATE ON member_search_terms
  FOR EACH ROW WHEN ((OLD.tags, OLD.home_gym_id, OLD.joined_at IS NOT NULL)
    IS DISTINCT FROM (NEW.tags, NEW.home_gym_id, NEW.joined_at IS NOT NULL))
  EXECUTE FUNCTION member_tags_on_terms();
--> statement-breakpoint
ANALYZE member_search_terms;
