-- The forecast's groups kept, not worked out per request (issue 29, decision 019's addendum). The report
-- plans every due membership with the billing engine's planOf, once per group of memberships with the
-- same plan inputs; grouping them read every due membership (13–15 s at a million members).
-- subscription_plan_counts keeps how many memberships have each plan key: the subscription's columns
-- the plan reads (the start date and the member's fixed billing date only before the first charge, the
-- only time the plan reads them), its payment method's type (none when deleted) and the ids of what the
-- read joins (gym, price, transition price), for the subscriptions that may still fall due. Rows are
-- deltas: every statement appends +1 for the keys its rows have now and -1 for those they had, summed
-- per key, so no statement waits on another's counter (the billing run's workers move thousands of
-- memberships between a few keys); the read sums them per key, and subscription_plan_counts_compact()
-- (the daily run's end, and the rebuild) folds them into one row a key.

-- When a charge falls due: the current period's end, or the start date before the first charge. The one
-- statement of the rule: the billing run's due read (billing-run.repository.ts) and the functions below.
-- Inlined by the planner, so the run's reads still use subscriptions_next_due (migration 0030).
CREATE OR REPLACE FUNCTION subscription_next_due(current_period_start date, current_period_end date, start_date date)
  RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN current_period_start IS NULL THEN start_date ELSE current_period_end END
$$;
--> statement-breakpoint
-- Whether a subscription may fall due on some day (the part of the billing run's due rule that does not
-- depend on the day or the price): not staging, not awaiting a first payment declined at confirmation
-- (upcoming_state 'failed', AWAITING_FIRST_PAYMENT), not cancelled without an end date, and its next
-- charge before its end. The billing run's due read adds `subscription_next_due(…) <= day` and a
-- one-off's single charge (billing-run.repository.ts, dueOn).
CREATE OR REPLACE FUNCTION subscription_may_fall_due(
  is_staging boolean, upcoming_state text, cancelled_at timestamptz, ends_at date,
  current_period_start date, current_period_end date, start_date date)
  RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT NOT is_staging
    AND upcoming_state IS DISTINCT FROM 'failed'
    AND (cancelled_at IS NULL OR ends_at IS NOT NULL)
    AND (ends_at IS NULL OR subscription_next_due(current_period_start, current_period_end, start_date) < ends_at)
$$;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "subscription_plan_counts" (
  "organisation_id" bigint NOT NULL,
  "gym_id" bigint NOT NULL,
  "price_id" bigint NOT NULL,
  "transition_to_price_id" bigint,
  -- the payment method's type; null when it is deleted or missing (the plan reads a bank account)
  "payment_type" text,
  "anchor_day" smallint NOT NULL,
  "current_period_start" date,
  "current_period_end" date,
  "ends_at" date,
  "term_ends_at" date,
  "is_term_membership" boolean NOT NULL,
  "force_price_amount" integer,
  "transition_takes_effect_at" date,
  -- the start date and the member's billing date while the first charge is to come, else null
  "first_start_date" date,
  "first_billing_date" date,
  -- a delta: the key's count is the sum of its rows
  "members" integer NOT NULL
);
--> statement-breakpoint
-- A payment method's subscriptions, for its trigger below.
CREATE INDEX IF NOT EXISTS "subscriptions_payment_type" ON "subscriptions" USING btree ("payment_type_id")
  WHERE "payment_type_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscription_plan_counts_org_gym" ON "subscription_plan_counts" ("organisation_id", "gym_id");
--> statement-breakpoint
-- The plan keys of subscriptions that may fall due, `members` (+1 or -1) each, their payment methods and
-- memberships given (as they are now, or as they were before a statement changed them).
CREATE OR REPLACE FUNCTION subscription_plan_keys(
  subs subscriptions[], pts payment_types[], oms organisation_members[], members integer)
  RETURNS SETOF subscription_plan_counts LANGUAGE sql STABLE AS $$
  SELECT s.organisation_id, s.gym_id, s.price_id, s.transition_to_price_id,
    -- a deleted payment method is none (the billing run's join: pt.deleted_at is null)
    CASE WHEN pt.deleted_at IS NULL THEN pt.type END,
    s.anchor_day, s.current_period_start, s.current_period_end, s.ends_at, s.term_ends_at,
    s.is_term_membership, s.force_price_amount, s.transition_takes_effect_at,
    CASE WHEN s.current_period_start IS NULL THEN s.start_date END,
    CASE WHEN s.current_period_start IS NULL THEN m.billing_date END,
    members
  FROM unnest(subs) s
  LEFT JOIN unnest(pts) pt ON pt.id = s.payment_type_id
  LEFT JOIN unnest(oms) m ON m.organisation_id = s.organisation_id AND m.user_id = s.user_id
  WHERE subscription_may_fall_due(s.is_staging, s.upcoming_state, s.cancelled_at, s.ends_at,
    s.current_period_start, s.current_period_end, s.start_date)
$$;
--> statement-breakpoint
-- Appends a change: -1 for each of `olds` (with the payment methods and memberships they were counted
-- with), +1 for each of `news`, summed per key; keys whose sum is 0 (a row changed outside its key) add nothing.
CREATE OR REPLACE FUNCTION subscription_plan_counts_add(
  olds subscriptions[], old_pts payment_types[], old_oms organisation_members[],
  news subscriptions[], new_pts payment_types[], new_oms organisation_members[])
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subscription_plan_counts
  SELECT k.organisation_id, k.gym_id, k.price_id, k.transition_to_price_id, k.payment_type, k.anchor_day,
    k.current_period_start, k.current_period_end, k.ends_at, k.term_ends_at, k.is_term_membership,
    k.force_price_amount, k.transition_takes_effect_at, k.first_start_date, k.first_billing_date, sum(k.members)::integer
  FROM (SELECT * FROM subscription_plan_keys(olds, old_pts, old_oms, -1)
        UNION ALL SELECT * FROM subscription_plan_keys(news, new_pts, new_oms, 1)) k
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
  HAVING sum(k.members) <> 0;
END $$;
--> statement-breakpoint
-- The payment methods and memberships of some subscriptions, as they are now. PL/pgSQL, as the function
-- above: its plans are kept per session, where an SQL function's body is planned at every call (2 ms a
-- statement on subscriptions when these were SQL). `locked` (the subscriptions trigger): read FOR SHARE,
-- so a payment method or billing date being changed by another transaction is waited for and read as it
-- ends, and a change made after this read waits for this transaction, whose subscriptions its row
-- trigger then reads as this one leaves them: either way each subscription leaves the key it was counted
-- in (a concurrent pair would otherwise take the same old key out twice).
CREATE OR REPLACE FUNCTION subscription_plan_payment_types(subs subscriptions[], locked boolean) RETURNS payment_types[]
  LANGUAGE plpgsql AS $$
BEGIN
  IF locked THEN
    RETURN array(SELECT pt FROM payment_types pt
                 WHERE pt.id IN (SELECT s.payment_type_id FROM unnest(subs) s) ORDER BY pt.id FOR SHARE);
  END IF;
  RETURN array(SELECT pt FROM payment_types pt WHERE pt.id IN (SELECT s.payment_type_id FROM unnest(subs) s));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION subscription_plan_memberships(subs subscriptions[], locked boolean)
  RETURNS organisation_members[] LANGUAGE plpgsql AS $$
BEGIN
  IF locked THEN
    RETURN array(SELECT m FROM organisation_members m
                 WHERE (m.organisation_id, m.user_id) IN (SELECT s.organisation_id, s.user_id FROM unnest(subs) s)
                 ORDER BY m.organisation_id, m.user_id FOR SHARE);
  END IF;
  RETURN array(SELECT m FROM organisation_members m
               WHERE (m.organisation_id, m.user_id) IN (SELECT s.organisation_id, s.user_id FROM unnest(subs) s));
END $$;
--> statement-breakpoint
-- A statement on subscriptions: its old rows out, its new rows in (each with its payment method and
-- membership as they are now, which is what they were counted with: the triggers below move a
-- subscription's key when either changes).
CREATE OR REPLACE FUNCTION subscription_plan_counts_on_subscriptions() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  olds subscriptions[] := '{}';
  news subscriptions[] := '{}';
  every subscriptions[];
  pts payment_types[];
  oms organisation_members[];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT coalesce(array_agg(ROW(o.*)::subscriptions), '{}') INTO olds FROM plan_counts_old o;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    SELECT coalesce(array_agg(ROW(n.*)::subscriptions), '{}') INTO news FROM plan_counts_new n;
  END IF;
  every := olds || news;
  pts := subscription_plan_payment_types(every, true);
  oms := subscription_plan_memberships(every, true);
  PERFORM subscription_plan_counts_add(olds, pts, oms, news, pts, oms);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER subscription_plan_counts_insert
  AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS plan_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_plan_counts_on_subscriptions();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER subscription_plan_counts_update
  AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS plan_counts_old NEW TABLE AS plan_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_plan_counts_on_subscriptions();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER subscription_plan_counts_delete
  AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS plan_counts_old
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_plan_counts_on_subscriptions();
--> statement-breakpoint
-- A payment method added, changed (its type, deleted) or removed: the subscriptions that name it move
-- from the key its old row gave them to the one its new row gives. Row-level, and only when the type or
-- the deletion changed (a row trigger can be so filtered; a statement trigger with transition tables
-- cannot): a declined card's other updates cost nothing.
CREATE OR REPLACE FUNCTION subscription_plan_counts_on_payment_types() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  old_pts payment_types[] := CASE WHEN TG_OP = 'INSERT' THEN '{}' ELSE ARRAY[OLD] END;
  new_pts payment_types[] := CASE WHEN TG_OP = 'DELETE' THEN '{}' ELSE ARRAY[NEW] END;
  subs subscriptions[];
BEGIN
  SELECT coalesce(array_agg(s), '{}') INTO subs FROM subscriptions s
  WHERE s.payment_type_id = coalesce(NEW.id, OLD.id);
  IF cardinality(subs) > 0 THEN
    PERFORM subscription_plan_counts_add(subs, old_pts, subscription_plan_memberships(subs, false),
      subs, new_pts, subscription_plan_memberships(subs, false));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER subscription_plan_counts_payment_type_change
  AFTER INSERT OR DELETE ON payment_types
  FOR EACH ROW EXECUTE FUNCTION subscription_plan_counts_on_payment_types();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER subscription_plan_counts_payment_type_update
  AFTER UPDATE OF id, type, deleted_at ON payment_types FOR EACH ROW
  WHEN ((OLD.id, OLD.type, OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.id, NEW.type, NEW.deleted_at IS NULL))
  EXECUTE FUNCTION subscription_plan_counts_on_payment_types();
--> statement-breakpoint
-- A membership added, removed or its billing date changed: its subscriptions still before their first
-- charge (the only ones whose key holds the billing date) move. Row-level, so the memberships' frequent
-- other updates (the list facts and sort keys every subscription change writes) do not fire it.
CREATE OR REPLACE FUNCTION subscription_plan_counts_on_memberships() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  old_oms organisation_members[] := CASE WHEN TG_OP = 'INSERT' THEN '{}' ELSE ARRAY[OLD] END;
  new_oms organisation_members[] := CASE WHEN TG_OP = 'DELETE' THEN '{}' ELSE ARRAY[NEW] END;
  subs subscriptions[];
  pts payment_types[];
BEGIN
  SELECT coalesce(array_agg(s), '{}') INTO subs FROM subscriptions s
  WHERE s.current_period_start IS NULL
    AND (s.organisation_id, s.user_id) IN (SELECT m.organisation_id, m.user_id FROM unnest(old_oms || new_oms) m);
  IF cardinality(subs) > 0 THEN
    pts := subscription_plan_payment_types(subs, false);
    PERFORM subscription_plan_counts_add(subs, pts, old_oms, subs, pts, new_oms);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER subscription_plan_counts_membership_change
  AFTER INSERT OR DELETE ON organisation_members
  FOR EACH ROW EXECUTE FUNCTION subscription_plan_counts_on_memberships();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER subscription_plan_counts_membership_update
  AFTER UPDATE OF organisation_id, user_id, billing_date ON organisation_members FOR EACH ROW
  WHEN ((OLD.organisation_id, OLD.user_id, OLD.billing_date) IS DISTINCT FROM (NEW.organisation_id, NEW.user_id, NEW.billing_date))
  EXECUTE FUNCTION subscription_plan_counts_on_memberships();
--> statement-breakpoint
-- One row a key for an organisation: its deltas summed. Rows appended meanwhile by other transactions are
-- not in this statement's snapshot and stay as they are; a concurrent compaction skips the rows this one
-- deleted.
CREATE OR REPLACE FUNCTION subscription_plan_counts_compact(organisation bigint) RETURNS void
  LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM subscription_plan_counts c WHERE c.organisation_id = organisation RETURNING c.*)
  INSERT INTO subscription_plan_counts
  SELECT g.organisation_id, g.gym_id, g.price_id, g.transition_to_price_id, g.payment_type, g.anchor_day,
    g.current_period_start, g.current_period_end, g.ends_at, g.term_ends_at, g.is_term_membership,
    g.force_price_amount, g.transition_takes_effect_at, g.first_start_date, g.first_billing_date, sum(g.members)::integer
  FROM gone g
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
  HAVING sum(g.members) <> 0
  ORDER BY 1, 2, 3
$$;
--> statement-breakpoint
-- Every key counted again from the subscriptions (in batches of 20,000, each with its payment methods
-- and memberships), then compacted: the migration's backfill, and bench/data.ts after its trigger-less
-- load (and anything else that bypasses the triggers).
CREATE OR REPLACE FUNCTION subscription_plan_counts_rebuild() RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  after bigint := 0;
  subs subscriptions[];
  organisation bigint;
BEGIN
  TRUNCATE subscription_plan_counts;
  LOOP
    SELECT coalesce(array_agg(b), '{}') INTO subs
    FROM (SELECT s FROM subscriptions s WHERE s.id > after ORDER BY s.id LIMIT 20000) x(b);
    EXIT WHEN cardinality(subs) = 0;
    PERFORM subscription_plan_counts_add('{}', '{}', '{}', subs, subscription_plan_payment_types(subs, false),
      subscription_plan_memberships(subs, false));
    SELECT max(s.id) INTO after FROM unnest(subs) s;
  END LOOP;
  FOR organisation IN SELECT DISTINCT c.organisation_id FROM subscription_plan_counts c LOOP
    PERFORM subscription_plan_counts_compact(organisation);
  END LOOP;
END $$;
--> statement-breakpoint
SELECT subscription_plan_counts_rebuild();
--> statement-breakpoint
ANALYZE subscription_plan_counts;
