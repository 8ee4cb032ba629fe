-- The members list's next-payment and balance sorts (issue 27, decision 018): each membership keeps its
-- latest subscription's next payment date and balance owing beside latest_subscription_id (migration 0009),
-- so a page sorted by either walks an index on the memberships and stops after its rows instead of
-- reading every matching member's subscription and sorting them all.
-- The next payment date of a subscription: the current period's end (or the start, before the first
-- period) while not cancelled. The one statement of that rule, for the triggers below and for the list's
-- page (members-list.repository.ts).
CREATE OR REPLACE FUNCTION subscription_next_payment_date(cancelled_at timestamptz, current_period_end date, start_date date)
  RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN cancelled_at IS NULL THEN coalesce(current_period_end, start_date) END
$$;
--> statement-breakpoint
ALTER TABLE "organisation_members" ADD COLUMN "next_payment_date" date;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD COLUMN "balance_owing" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Whenever a membership's latest subscription is set (a new membership, a subscription made or deleted,
-- migration 0009's triggers), its keys are read from that subscription (none: no next payment, nothing owed).
CREATE OR REPLACE FUNCTION organisation_members_fill_sort_keys() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  SELECT subscription_next_payment_date(s.cancelled_at, s.current_period_end, s.start_date), s.balance_owing
  INTO NEW.next_payment_date, NEW.balance_owing
  FROM subscriptions s WHERE s.id = NEW.latest_subscription_id;
  IF NOT FOUND THEN
    NEW.next_payment_date := NULL;
    NEW.balance_owing := 0;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Named after organisation_members_list_facts_insert, so it runs after that one has set the latest subscription.
CREATE TRIGGER organisation_members_sort_keys
  BEFORE INSERT OR UPDATE OF latest_subscription_id ON organisation_members
  FOR EACH ROW EXECUTE FUNCTION organisation_members_fill_sort_keys();
--> statement-breakpoint
-- A subscription changed (a charge made, paid or failed moves its balance and period; a pause, a
-- cancellation, a price change): the memberships it is the latest of take its keys, written only when they moved.
CREATE OR REPLACE FUNCTION organisation_members_refresh_sort_keys() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organisation_members m
  SET next_payment_date = subscription_next_payment_date(n.cancelled_at, n.current_period_end, n.start_date),
      balance_owing = n.balance_owing
  FROM sort_keys_subscriptions_new n
  WHERE m.organisation_id = n.organisation_id AND m.user_id = n.user_id AND m.latest_subscription_id = n.id
    AND (m.next_payment_date, m.balance_owing) IS DISTINCT FROM
        (subscription_next_payment_date(n.cancelled_at, n.current_period_end, n.start_date), n.balance_owing);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organisation_members_sort_keys_update
  AFTER UPDATE ON subscriptions REFERENCING NEW TABLE AS sort_keys_subscriptions_new
  FOR EACH STATEMENT EXECUTE FUNCTION organisation_members_refresh_sort_keys();
--> statement-breakpoint
-- Every membership's keys in one pass: this migration for existing rows, and bench/data.ts after its bulk
-- load (which skips triggers), after organisation_members_rebuild_list_facts().
CREATE OR REPLACE FUNCTION organisation_members_rebuild_sort_keys() RETURNS void
  LANGUAGE sql AS $$
  UPDATE organisation_members m
  SET next_payment_date = subscription_next_payment_date(s.cancelled_at, s.current_period_end, s.start_date),
      balance_owing = coalesce(s.balance_owing, 0)
  FROM organisation_members o LEFT JOIN subscriptions s ON s.id = o.latest_subscription_id
  WHERE o.organisation_id = m.organisation_id AND o.user_id = m.user_id
    AND (m.next_payment_date, m.balance_owing) IS DISTINCT FROM
        (subscription_next_payment_date(s.cancelled_at, s.current_period_end, s.start_date), coalesce(s.balance_owing, 0));
$$;
--> statement-breakpoint
SELECT organisation_members_rebuild_sort_keys();
--> statement-breakpoint
-- The planner's statistics for the new columns: without them it took the next-payment sort for a sort of
-- every active member (1,980 ms p95 at 100,000 members, against 14 ms for the index walk once analysed).
ANALYZE organisation_members;
--> statement-breakpoint
CREATE INDEX "organisation_members_org_next_payment" ON "organisation_members" USING btree ("organisation_id","next_payment_date","user_id") WHERE "organisation_members"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "organisation_members_org_balance" ON "organisation_members" USING btree ("organisation_id","balance_owing","user_id") WHERE "organisation_members"."deleted_at" is null;
