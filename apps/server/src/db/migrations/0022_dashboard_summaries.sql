-- The dashboard's figures (and later the owner's reports, issue 29) from summaries a few hundred rows
-- long whatever the organisation's size (docs/decisions/015-dashboard-summaries.md):
-- 1. daily_gym_figures: per Auckland day, gym and offering, the day's events and money: joins (by start
--    date), cancellations (by the day cancelled, voluntary or for non-payment), charged (charges due that
--    day), collected (successful payments made that day), refunded, failed payments and allowed visits.
--    Kept by statement-level triggers on subscriptions, charges, payments, payment_refunds and visits, as
--    the list totals of 0010 are: each statement subtracts what its old rows gave and adds its new rows'.
--    A payment, charge or refund counts under its subscription's offering at the time it is written, a
--    visit under its member's membership (gym and offering) at the time of the visit.
-- 2. membership_counts and membership_count_changes: each member's membership (their latest by start
--    date, then id: once for the whole organisation, for_organisation, and once in each gym they hold one
--    in) counted by gym, price and the state it will have once every dated change has come; and each dated
--    change (its start, its pause's first day) as the day and the state before and after it. Today's
--    counts are the first table with the changes still to come undone: a handful of rows. Kept by a
--    trigger on subscriptions that recounts the members a statement touched, before and after it.
-- 3. balance_owing_totals: what the memberships of each gym owe now.
-- 4. daily_membership_counts: each past day's members by gym, price and state as of the day's end, as
--    member-standing.ts rebuilds them from history; written once a day by a roll-up that catches up
--    (daily_membership_counts_catch_up, called by the dashboard when a day is missing, and here for the
--    history already held).
CREATE TABLE IF NOT EXISTS "daily_gym_figures" (
  "organisation_id" bigint NOT NULL,
  "day" date NOT NULL,
  "gym_id" bigint NOT NULL,
  -- 0: no offering (a payment with no membership)
  "offering_id" bigint NOT NULL,
  "joins" integer NOT NULL DEFAULT 0,
  "cancellations_voluntary" integer NOT NULL DEFAULT 0,
  "cancellations_non_payment" integer NOT NULL DEFAULT 0,
  -- cents: amount + surcharge
  "charged" bigint NOT NULL DEFAULT 0,
  "collected" bigint NOT NULL DEFAULT 0,
  "refunded" bigint NOT NULL DEFAULT 0,
  "payments_failed" integer NOT NULL DEFAULT 0,
  "visits" integer NOT NULL DEFAULT 0,
  CONSTRAINT "daily_gym_figures_pkey" PRIMARY KEY ("organisation_id", "day", "gym_id", "offering_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "membership_counts" (
  "organisation_id" bigint NOT NULL,
  "for_organisation" boolean NOT NULL,
  "gym_id" bigint NOT NULL,
  "price_id" bigint NOT NULL,
  "state" text NOT NULL,
  "members" integer NOT NULL,
  CONSTRAINT "membership_counts_pkey" PRIMARY KEY ("organisation_id", "for_organisation", "gym_id", "price_id", "state")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "membership_count_changes" (
  "organisation_id" bigint NOT NULL,
  "on_date" date NOT NULL,
  "for_organisation" boolean NOT NULL,
  "gym_id" bigint NOT NULL,
  "price_id" bigint NOT NULL,
  "from_state" text NOT NULL,
  "to_state" text NOT NULL,
  "members" integer NOT NULL,
  CONSTRAINT "membership_count_changes_pkey" PRIMARY KEY ("organisation_id", "on_date", "for_organisation", "gym_id", "price_id", "from_state", "to_state")
);
--> statement-breakpoint
-- Members whose membership is neither cancelled, in grace nor waiting on a first payment, by the day they
-- were last seen starting or visiting (`since`: the later of their membership's start and their last
-- allowed visit) and the first day of their membership's pause (infinity without one): who stopped
-- coming on a day is a sum over the rows with `since` long enough before it and no pause begun.
CREATE TABLE IF NOT EXISTS "stopped_coming_counts" (
  "organisation_id" bigint NOT NULL,
  "for_organisation" boolean NOT NULL,
  "gym_id" bigint NOT NULL,
  "since" date NOT NULL,
  "paused_on" date NOT NULL,
  "members" integer NOT NULL,
  CONSTRAINT "stopped_coming_counts_pkey" PRIMARY KEY ("organisation_id", "for_organisation", "gym_id", "since", "paused_on")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "balance_owing_totals" (
  "organisation_id" bigint NOT NULL,
  "gym_id" bigint NOT NULL,
  "owing" bigint NOT NULL,
  CONSTRAINT "balance_owing_totals_pkey" PRIMARY KEY ("organisation_id", "gym_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "daily_membership_counts" (
  "organisation_id" bigint NOT NULL,
  "day" date NOT NULL,
  "for_organisation" boolean NOT NULL,
  "gym_id" bigint NOT NULL,
  "price_id" bigint NOT NULL,
  "state" text NOT NULL,
  "members" integer NOT NULL,
  CONSTRAINT "daily_membership_counts_pkey" PRIMARY KEY ("organisation_id", "day", "for_organisation", "gym_id", "price_id", "state")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "daily_membership_counts_rolled" (
  "organisation_id" bigint PRIMARY KEY NOT NULL,
  -- the last day written
  "through" date NOT NULL
);
--> statement-breakpoint
-- Adds rows of deltas (the table's own shape) to daily_gym_figures, in key order.
CREATE OR REPLACE FUNCTION daily_gym_figures_add(deltas daily_gym_figures[]) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO daily_gym_figures AS t (organisation_id, day, gym_id, offering_id, joins, cancellations_voluntary,
    cancellations_non_payment, charged, collected, refunded, payments_failed, visits)
  SELECT d.organisation_id, d.day, d.gym_id, d.offering_id, sum(d.joins), sum(d.cancellations_voluntary),
    sum(d.cancellations_non_payment), sum(d.charged), sum(d.collected), sum(d.refunded), sum(d.payments_failed),
    sum(d.visits)
  FROM unnest(deltas) d
  GROUP BY 1, 2, 3, 4
  HAVING sum(d.joins) <> 0 OR sum(d.cancellations_voluntary) <> 0 OR sum(d.cancellations_non_payment) <> 0
    OR sum(d.charged) <> 0 OR sum(d.collected) <> 0 OR sum(d.refunded) <> 0 OR sum(d.payments_failed) <> 0
    OR sum(d.visits) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (organisation_id, day, gym_id, offering_id) DO UPDATE SET
    joins = t.joins + excluded.joins,
    cancellations_voluntary = t.cancellations_voluntary + excluded.cancellations_voluntary,
    cancellations_non_payment = t.cancellations_non_payment + excluded.cancellations_non_payment,
    charged = t.charged + excluded.charged,
    collected = t.collected + excluded.collected,
    refunded = t.refunded + excluded.refunded,
    payments_failed = t.payments_failed + excluded.payments_failed,
    visits = t.visits + excluded.visits
$$;
--> statement-breakpoint
-- What subscriptions give daily_gym_figures (times k: 1 to add, -1 to take away): a join on the start
-- date, a cancellation on the day cancelled.
CREATE OR REPLACE FUNCTION subscription_day_figures(subs subscriptions[], k integer) RETURNS daily_gym_figures[]
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(ROW(f.*)::daily_gym_figures), '{}') FROM (
    SELECT s.organisation_id, s.start_date AS day, s.gym_id, p.offering_id, k AS joins, 0 AS cancellations_voluntary,
      0 AS cancellations_non_payment, 0::bigint AS charged, 0::bigint AS collected, 0::bigint AS refunded,
      0 AS payments_failed, 0 AS visits
    FROM unnest(subs) s JOIN prices p ON p.id = s.price_id
    WHERE NOT s.is_staging
    UNION ALL
    SELECT s.organisation_id, (s.cancelled_at AT TIME ZONE 'Pacific/Auckland')::date, s.gym_id, p.offering_id, 0,
      CASE WHEN 'non_payment' = ANY(s.cancellation_reasons) THEN 0 ELSE k END,
      CASE WHEN 'non_payment' = ANY(s.cancellation_reasons) THEN k ELSE 0 END, 0, 0, 0, 0, 0
    FROM unnest(subs) s JOIN prices p ON p.id = s.price_id
    WHERE NOT s.is_staging AND s.cancelled_at IS NOT NULL) f
$$;
--> statement-breakpoint
-- A membership's state on `d` as the domain's subscriptionState reads it (db/subscription-state-sql.ts is
-- its mirror for queries; membership-counts.test.ts checks this one against it).
CREATE OR REPLACE FUNCTION membership_state_on(cancelled_at timestamptz, paused_on date, grace_period_ends_at date,
  upcoming_state text, start_date date, d date) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN cancelled_at IS NOT NULL THEN 'cancelled'
    WHEN paused_on IS NOT NULL AND paused_on <= d THEN 'paused'
    WHEN grace_period_ends_at IS NOT NULL THEN 'grace'
    WHEN (upcoming_state IS NOT NULL AND upcoming_state <> '') OR start_date > d THEN 'upcoming'
    ELSE 'active' END
$$;
--> statement-breakpoint
-- The membership counts a complete set of members' subscriptions give: each member's latest (by start
-- date, then id) for the organisation and in each gym; its state once every dated change has come (no
-- on_date), and each dated change (on_date, from_state, to_state).
CREATE OR REPLACE FUNCTION membership_count_rows(subs subscriptions[])
  RETURNS TABLE (organisation_id bigint, for_organisation boolean, gym_id bigint, price_id bigint, on_date date,
    from_state text, to_state text)
  LANGUAGE sql STABLE AS $$
  WITH s AS (SELECT * FROM unnest(subs) x WHERE NOT x.is_staging),
  held AS (
    (SELECT DISTINCT ON (s.organisation_id, s.user_id) true AS for_organisation, s.organisation_id, s.gym_id,
       s.price_id, s.start_date, s.cancelled_at, (s.paused_at AT TIME ZONE 'Pacific/Auckland')::date AS paused_on,
       s.grace_period_ends_at, s.upcoming_state
     FROM s ORDER BY s.organisation_id, s.user_id, s.start_date DESC, s.id DESC)
    UNION ALL
    (SELECT DISTINCT ON (s.organisation_id, s.user_id, s.gym_id) false, s.organisation_id, s.gym_id,
       s.price_id, s.start_date, s.cancelled_at, (s.paused_at AT TIME ZONE 'Pacific/Auckland')::date,
       s.grace_period_ends_at, s.upcoming_state
     FROM s ORDER BY s.organisation_id, s.user_id, s.gym_id, s.start_date DESC, s.id DESC))
  SELECT h.organisation_id, h.for_organisation, h.gym_id, h.price_id, NULL::date, NULL::text,
    membership_state_on(h.cancelled_at, h.paused_on, h.grace_period_ends_at, h.upcoming_state, h.start_date, 'infinity')
  FROM held h
  UNION ALL
  SELECT h.organisation_id, h.for_organisation, h.gym_id, h.price_id, b.on_date,
    membership_state_on(h.cancelled_at, h.paused_on, h.grace_period_ends_at, h.upcoming_state, h.start_date, b.on_date - 1),
    membership_state_on(h.cancelled_at, h.paused_on, h.grace_period_ends_at, h.upcoming_state, h.start_date, b.on_date)
  FROM held h
  CROSS JOIN LATERAL (SELECT DISTINCT v.on_date FROM (VALUES (h.start_date), (h.paused_on)) v(on_date)
                      WHERE v.on_date IS NOT NULL) b
  WHERE membership_state_on(h.cancelled_at, h.paused_on, h.grace_period_ends_at, h.upcoming_state, h.start_date, b.on_date - 1)
    <> membership_state_on(h.cancelled_at, h.paused_on, h.grace_period_ends_at, h.upcoming_state, h.start_date, b.on_date)
$$;
--> statement-breakpoint
-- The stopped-coming rows of complete sets of members' subscriptions, their last visits read from `seen`
-- (organisation_members rows; a member without one has never visited).
CREATE OR REPLACE FUNCTION stopped_coming_rows(subs subscriptions[], seen organisation_members[])
  RETURNS TABLE (organisation_id bigint, for_organisation boolean, gym_id bigint, since date, paused_on date)
  LANGUAGE sql STABLE AS $$
  WITH s AS (SELECT * FROM unnest(subs) x WHERE NOT x.is_staging),
  held AS (
    (SELECT DISTINCT ON (s.organisation_id, s.user_id) true AS for_organisation, s.*
     FROM s ORDER BY s.organisation_id, s.user_id, s.start_date DESC, s.id DESC)
    UNION ALL
    (SELECT DISTINCT ON (s.organisation_id, s.user_id, s.gym_id) false, s.*
     FROM s ORDER BY s.organisation_id, s.user_id, s.gym_id, s.start_date DESC, s.id DESC))
  SELECT h.organisation_id, h.for_organisation, h.gym_id,
    greatest(h.start_date, (m.last_visit_at AT TIME ZONE 'Pacific/Auckland')::date),
    coalesce((h.paused_at AT TIME ZONE 'Pacific/Auckland')::date, 'infinity')
  FROM held h
  LEFT JOIN unnest(seen) m ON m.organisation_id = h.organisation_id AND m.user_id = h.user_id
  WHERE h.cancelled_at IS NULL AND h.grace_period_ends_at IS NULL AND coalesce(h.upcoming_state, '') = ''
$$;
--> statement-breakpoint
-- Moves stopped_coming_counts from what (subs_before, seen_before) gave to what (subs_after, seen_after) give.
CREATE OR REPLACE FUNCTION stopped_coming_add(subs_before subscriptions[], seen_before organisation_members[],
  subs_after subscriptions[], seen_after organisation_members[]) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO stopped_coming_counts AS t (organisation_id, for_organisation, gym_id, since, paused_on, members)
  SELECT r.organisation_id, r.for_organisation, r.gym_id, r.since, r.paused_on, sum(r.k)
  FROM (
    SELECT x.*, -1 AS k FROM stopped_coming_rows(subs_before, seen_before) x
    UNION ALL
    SELECT x.*, 1 FROM stopped_coming_rows(subs_after, seen_after) x) r
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(r.k) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organisation_id, for_organisation, gym_id, since, paused_on)
  DO UPDATE SET members = t.members + excluded.members
$$;
--> statement-breakpoint
-- Adds (k = 1) or takes away (k = -1) the counts of complete sets of members' subscriptions.
CREATE OR REPLACE FUNCTION membership_counts_add(before_rows subscriptions[], after_rows subscriptions[]) RETURNS void
  LANGUAGE sql AS $$
  WITH r AS (
    SELECT x.*, -1 AS k FROM membership_count_rows(before_rows) x
    UNION ALL
    SELECT x.*, 1 FROM membership_count_rows(after_rows) x),
  counted AS (
    INSERT INTO membership_counts AS t (organisation_id, for_organisation, gym_id, price_id, state, members)
    SELECT r.organisation_id, r.for_organisation, r.gym_id, r.price_id, r.to_state, sum(r.k)
    FROM r WHERE r.on_date IS NULL
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(r.k) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organisation_id, for_organisation, gym_id, price_id, state)
    DO UPDATE SET members = t.members + excluded.members)
  INSERT INTO membership_count_changes AS t (organisation_id, on_date, for_organisation, gym_id, price_id,
    from_state, to_state, members)
  SELECT r.organisation_id, r.on_date, r.for_organisation, r.gym_id, r.price_id, r.from_state, r.to_state, sum(r.k)
  FROM r WHERE r.on_date IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(r.k) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (organisation_id, on_date, for_organisation, gym_id, price_id, from_state, to_state)
  DO UPDATE SET members = t.members + excluded.members
$$;
--> statement-breakpoint
-- A statement changed subscriptions: `gone` are the rows as they were, `came` as they are now (either may
-- be empty). Every member it touched is counted again: before (their rows now, with the changed ones as
-- they were) taken away, after added; and the day figures and balances moved by the changed rows.
CREATE OR REPLACE FUNCTION dashboard_summaries_on_subscriptions(counted_gone subscriptions[], counted_came subscriptions[],
  gone subscriptions[], came subscriptions[]) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  after_rows subscriptions[];
  before_rows subscriptions[];
  seen organisation_members[];
BEGIN
  IF cardinality(counted_gone) > 0 OR cardinality(counted_came) > 0 THEN
    SELECT coalesce(array_agg(s ORDER BY s.id), '{}') INTO after_rows FROM subscriptions s
    WHERE (s.organisation_id, s.user_id) IN (
      SELECT g.organisation_id, g.user_id FROM unnest(counted_gone) g
      UNION SELECT c.organisation_id, c.user_id FROM unnest(counted_came) c);
    SELECT array_cat(
      coalesce((SELECT array_agg(a) FROM unnest(after_rows) a
                WHERE a.id NOT IN (SELECT c.id FROM unnest(counted_came) c)), '{}'),
      counted_gone) INTO before_rows;
    PERFORM membership_counts_add(before_rows, after_rows);
    seen := (SELECT coalesce(array_agg(m), '{}') FROM organisation_members m
             WHERE (m.organisation_id, m.user_id) IN (SELECT a.organisation_id, a.user_id FROM unnest(after_rows) a
                                                     UNION SELECT b.organisation_id, b.user_id FROM unnest(before_rows) b));
    PERFORM stopped_coming_add(before_rows, seen, after_rows, seen);
  END IF;
  IF cardinality(gone) > 0 OR cardinality(came) > 0 THEN
    PERFORM daily_gym_figures_add(subscription_day_figures(gone, -1) || subscription_day_figures(came, 1));
    INSERT INTO balance_owing_totals AS t (organisation_id, gym_id, owing)
    SELECT x.organisation_id, x.gym_id, sum(x.owing) FROM (
      SELECT g.organisation_id, g.gym_id, -g.balance_owing::bigint AS owing FROM unnest(gone) g
      WHERE NOT g.is_staging AND g.balance_owing > 0
      UNION ALL
      SELECT c.organisation_id, c.gym_id, c.balance_owing::bigint FROM unnest(came) c
      WHERE NOT c.is_staging AND c.balance_owing > 0) x
    GROUP BY 1, 2 HAVING sum(x.owing) <> 0 ORDER BY 1, 2
    ON CONFLICT (organisation_id, gym_id) DO UPDATE SET owing = t.owing + excluded.owing;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_summaries_subscriptions_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  came subscriptions[] := (SELECT coalesce(array_agg(n), '{}') FROM dashboard_subscriptions_new n);
BEGIN
  PERFORM dashboard_summaries_on_subscriptions('{}', came, '{}', came);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_summaries_subscriptions_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  gone subscriptions[] := (SELECT coalesce(array_agg(o), '{}') FROM dashboard_subscriptions_old o);
BEGIN
  PERFORM dashboard_summaries_on_subscriptions(gone, '{}', gone, '{}');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update moves the counts only for rows whose state's inputs changed, and the figures only for rows
-- whose start, cancellation, gym, price or balance changed (the billing run's period moves touch neither).
CREATE OR REPLACE FUNCTION dashboard_summaries_subscriptions_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  counted_gone subscriptions[];
  counted_came subscriptions[];
  gone subscriptions[];
  came subscriptions[];
BEGIN
  SELECT coalesce(array_agg(o), '{}'), coalesce(array_agg(n), '{}') INTO counted_gone, counted_came
  FROM dashboard_subscriptions_old o JOIN dashboard_subscriptions_new n ON n.id = o.id
  WHERE (o.organisation_id, o.user_id, o.gym_id, o.price_id, o.start_date, o.paused_at, o.cancelled_at,
         o.grace_period_ends_at, o.upcoming_state, o.is_staging)
    IS DISTINCT FROM (n.organisation_id, n.user_id, n.gym_id, n.price_id, n.start_date, n.paused_at, n.cancelled_at,
         n.grace_period_ends_at, n.upcoming_state, n.is_staging);
  SELECT coalesce(array_agg(o), '{}'), coalesce(array_agg(n), '{}') INTO gone, came
  FROM dashboard_subscriptions_old o JOIN dashboard_subscriptions_new n ON n.id = o.id
  WHERE (o.organisation_id, o.gym_id, o.price_id, o.start_date, o.cancelled_at, o.cancellation_reasons,
         o.balance_owing, o.is_staging)
    IS DISTINCT FROM (n.organisation_id, n.gym_id, n.price_id, n.start_date, n.cancelled_at, n.cancellation_reasons,
         n.balance_owing, n.is_staging);
  PERFORM dashboard_summaries_on_subscriptions(counted_gone, counted_came, gone, came);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER dashboard_summaries_insert
  AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS dashboard_subscriptions_new
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_summaries_subscriptions_insert();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER dashboard_summaries_delete
  AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS dashboard_subscriptions_old
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_summaries_subscriptions_delete();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER dashboard_summaries_update
  AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS dashboard_subscriptions_old NEW TABLE AS dashboard_subscriptions_new
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_summaries_subscriptions_update();
--> statement-breakpoint
-- A member's last visit moved (a visit came in, migration 0009's trigger): their stopped-coming rows move.
CREATE OR REPLACE FUNCTION stopped_coming_on_last_visit() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  gone organisation_members[];
  came organisation_members[];
  subs subscriptions[];
BEGIN
  SELECT coalesce(array_agg(o), '{}'), coalesce(array_agg(n), '{}') INTO gone, came
  FROM stopped_coming_members_old o JOIN stopped_coming_members_new n
    ON n.organisation_id = o.organisation_id AND n.user_id = o.user_id
  WHERE o.last_visit_at IS DISTINCT FROM n.last_visit_at;
  IF cardinality(came) > 0 THEN
    SELECT coalesce(array_agg(s), '{}') INTO subs FROM subscriptions s
    WHERE (s.organisation_id, s.user_id) IN (SELECT g.organisation_id, g.user_id FROM unnest(gone) g
                                            UNION SELECT c.organisation_id, c.user_id FROM unnest(came) c);
    PERFORM stopped_coming_add(subs, gone, subs, came);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER stopped_coming_last_visit
  AFTER UPDATE ON organisation_members
  REFERENCING OLD TABLE AS stopped_coming_members_old NEW TABLE AS stopped_coming_members_new
  FOR EACH STATEMENT EXECUTE FUNCTION stopped_coming_on_last_visit();
--> statement-breakpoint
-- Charges: charged on the due date, under the subscription's gym and offering.
CREATE OR REPLACE FUNCTION charge_day_figures(rows charges[], k integer) RETURNS daily_gym_figures[]
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(ROW(f.*)::daily_gym_figures), '{}') FROM (
    SELECT c.organisation_id, c.due_date AS day, s.gym_id, p.offering_id, 0 AS joins, 0 AS cancellations_voluntary,
      0 AS cancellations_non_payment, (k * (c.amount + c.surcharge))::bigint AS charged, 0::bigint AS collected,
      0::bigint AS refunded, 0 AS payments_failed, 0 AS visits
    FROM unnest(rows) c JOIN subscriptions s ON s.id = c.subscription_id JOIN prices p ON p.id = s.price_id) f
$$;
--> statement-breakpoint
-- Payments: collected (successful) and failed on the day made, under the payment's gym and its
-- subscription's offering (0 without one); the statuses grouped as the domain's classifyPaymentStatus.
CREATE OR REPLACE FUNCTION payment_day_figures(rows payments[], k integer) RETURNS daily_gym_figures[]
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(ROW(f.*)::daily_gym_figures), '{}') FROM (
    SELECT y.organisation_id, (y.created_at AT TIME ZONE 'Pacific/Auckland')::date AS day, y.gym_id,
      coalesce(p.offering_id, 0) AS offering_id, 0 AS joins, 0 AS cancellations_voluntary,
      0 AS cancellations_non_payment, 0::bigint AS charged,
      CASE WHEN y.status = 'sent' THEN k * (y.amount + y.surcharge) ELSE 0 END::bigint AS collected,
      0::bigint AS refunded,
      CASE WHEN y.status NOT IN ('sent', 'upcoming', 'pending_request') THEN k ELSE 0 END AS payments_failed,
      0 AS visits
    FROM unnest(rows) y LEFT JOIN subscriptions s ON s.id = y.subscription_id LEFT JOIN prices p ON p.id = s.price_id
    WHERE y.status = 'sent' OR y.status NOT IN ('upcoming', 'pending_request')) f
$$;
--> statement-breakpoint
-- Refunds: on the day refunded, under the refund's gym and its payment's subscription's offering.
CREATE OR REPLACE FUNCTION refund_day_figures(rows payment_refunds[], k integer) RETURNS daily_gym_figures[]
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(ROW(f.*)::daily_gym_figures), '{}') FROM (
    SELECT r.organisation_id, (r.created_at AT TIME ZONE 'Pacific/Auckland')::date AS day, r.gym_id,
      coalesce(p.offering_id, 0) AS offering_id, 0 AS joins, 0 AS cancellations_voluntary,
      0 AS cancellations_non_payment, 0::bigint AS charged, 0::bigint AS collected,
      (k * r.amount)::bigint AS refunded, 0 AS payments_failed, 0 AS visits
    FROM unnest(rows) r JOIN payments y ON y.id = r.payment_id
    LEFT JOIN subscriptions s ON s.id = y.subscription_id LEFT JOIN prices p ON p.id = s.price_id) f
$$;
--> statement-breakpoint
-- Allowed visits: on the day, under the member's membership then (their latest by start date, then id;
-- its gym and offering), none without one.
CREATE OR REPLACE FUNCTION visit_day_figures(rows visits[], k integer) RETURNS daily_gym_figures[]
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(ROW(f.*)::daily_gym_figures), '{}') FROM (
    SELECT v.organisation_id, (v.visited_at AT TIME ZONE 'Pacific/Auckland')::date AS day, m.gym_id,
      m.offering_id, 0 AS joins, 0 AS cancellations_voluntary, 0 AS cancellations_non_payment, 0::bigint AS charged,
      0::bigint AS collected, 0::bigint AS refunded, 0 AS payments_failed, k AS visits
    FROM unnest(rows) v
    CROSS JOIN LATERAL (
      SELECT s.gym_id, p.offering_id FROM subscriptions s JOIN prices p ON p.id = s.price_id
      WHERE s.organisation_id = v.organisation_id AND s.user_id = v.user_id AND NOT s.is_staging
      ORDER BY s.start_date DESC, s.id DESC LIMIT 1) m
    WHERE v.successful) f
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION daily_gym_figures_on_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'charges' THEN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      PERFORM daily_gym_figures_add(charge_day_figures((SELECT coalesce(array_agg(ROW(o.*)::charges), '{}') FROM dashboard_rows_old o), -1));
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      PERFORM daily_gym_figures_add(charge_day_figures((SELECT coalesce(array_agg(ROW(n.*)::charges), '{}') FROM dashboard_rows_new n), 1));
    END IF;
  ELSIF TG_TABLE_NAME = 'payments' THEN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      PERFORM daily_gym_figures_add(payment_day_figures((SELECT coalesce(array_agg(ROW(o.*)::payments), '{}') FROM dashboard_rows_old o), -1));
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      PERFORM daily_gym_figures_add(payment_day_figures((SELECT coalesce(array_agg(ROW(n.*)::payments), '{}') FROM dashboard_rows_new n), 1));
    END IF;
  ELSIF TG_TABLE_NAME = 'payment_refunds' THEN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      PERFORM daily_gym_figures_add(refund_day_figures((SELECT coalesce(array_agg(ROW(o.*)::payment_refunds), '{}') FROM dashboard_rows_old o), -1));
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      PERFORM daily_gym_figures_add(refund_day_figures((SELECT coalesce(array_agg(ROW(n.*)::payment_refunds), '{}') FROM dashboard_rows_new n), 1));
    END IF;
  ELSIF TG_TABLE_NAME = 'visits' THEN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      PERFORM daily_gym_figures_add(visit_day_figures((SELECT coalesce(array_agg(ROW(o.*)::visits), '{}') FROM dashboard_rows_old o), -1));
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      PERFORM daily_gym_figures_add(visit_day_figures((SELECT coalesce(array_agg(ROW(n.*)::visits), '{}') FROM dashboard_rows_new n), 1));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER daily_gym_figures_insert AFTER INSERT ON charges REFERENCING NEW TABLE AS dashboard_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_gym_figures_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER daily_gym_figures_delete AFTER DELETE ON charges REFERENCING OLD TABLE AS dashboard_rows_old
  FOR EACH STATEMENT EXECUTE FUNCTION daily_gym_figures_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER daily_gym_figures_update AFTER UPDATE ON charges
  REFERENCING OLD TABLE AS dashboard_rows_old NEW TABLE AS dashboard_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_gym_figures_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER daily_gym_figures_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS dashboard_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_gym_figures_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER daily_gym_figures_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS dashboard_rows_old
  FOR EACH STATEMENT EXECUTE FUNCTION daily_gym_figures_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER daily_gym_figures_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS dashboard_rows_old NEW TABLE AS dashboard_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_gym_figures_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER daily_gym_figures_insert AFTER INSERT ON payment_refunds REFERENCING NEW TABLE AS dashboard_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_gym_figures_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER daily_gym_figures_delete AFTER DELETE ON payment_refunds REFERENCING OLD TABLE AS dashboard_rows_old
  FOR EACH STATEMENT EXECUTE FUNCTION daily_gym_figures_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER daily_gym_figures_update AFTER UPDATE ON payment_refunds
  REFERENCING OLD TABLE AS dashboard_rows_old NEW TABLE AS dashboard_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_gym_figures_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER daily_gym_figures_insert AFTER INSERT ON visits REFERENCING NEW TABLE AS dashboard_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_gym_figures_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER daily_gym_figures_delete AFTER DELETE ON visits REFERENCING OLD TABLE AS dashboard_rows_old
  FOR EACH STATEMENT EXECUTE FUNCTION daily_gym_figures_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER daily_gym_figures_update AFTER UPDATE ON visits
  REFERENCING OLD TABLE AS dashboard_rows_old NEW TABLE AS dashboard_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_gym_figures_on_change();
--> statement-breakpoint
-- Writes daily_membership_counts for the days first … last of one organisation from history, as
-- member-standing.ts's pastStandingsSql rebuilds a past day (as of its end: cancelled if cancelled by
-- then, paused if an uncancelled pause covered it, in grace if a charge had failed by then and was neither
-- paid by then nor written off, else active). Each membership's time as its member's (from its start
-- until the next one's) is cut at the days any of those facts change; a piece's state holds all along it,
-- so the days are counted by adding +1 where a piece starts and -1 where it ends, whatever the history's length.
CREATE OR REPLACE FUNCTION daily_membership_counts_fill(org bigint, first_day date, last_day date) RETURNS void
  LANGUAGE sql AS $$
  DELETE FROM daily_membership_counts WHERE organisation_id = org AND day BETWEEN first_day AND last_day;
  WITH c AS (
    SELECT true AS for_organisation, s.id, s.gym_id, s.price_id, s.start_date,
      lead(s.start_date) OVER (PARTITION BY s.user_id ORDER BY s.start_date, s.id) AS next_start,
      (s.cancelled_at AT TIME ZONE 'Pacific/Auckland')::date AS cancelled_on
    FROM subscriptions s WHERE s.organisation_id = org AND NOT s.is_staging AND s.start_date <= last_day
    UNION ALL
    SELECT false, s.id, s.gym_id, s.price_id, s.start_date,
      lead(s.start_date) OVER (PARTITION BY s.user_id, s.gym_id ORDER BY s.start_date, s.id),
      (s.cancelled_at AT TIME ZONE 'Pacific/Auckland')::date
    FROM subscriptions s WHERE s.organisation_id = org AND NOT s.is_staging AND s.start_date <= last_day),
  held AS (
    SELECT c.*, greatest(c.start_date, first_day) AS lo, least(coalesce(c.next_start, last_day + 1), last_day + 1) AS hi
    FROM c),
  pz AS (
    SELECT sp.subscription_id, sp.start_date AS b, sp.end_date AS e FROM subscription_pauses sp
    WHERE sp.organisation_id = org AND sp.cancelled_at IS NULL AND sp.end_date > first_day AND sp.start_date <= last_day),
  ow AS (
    SELECT ch.subscription_id, (ch.first_failed_at AT TIME ZONE 'Pacific/Auckland')::date AS b,
      (ch.paid_at AT TIME ZONE 'Pacific/Auckland')::date AS e
    FROM charges ch
    WHERE ch.organisation_id = org AND ch.first_failed_at IS NOT NULL AND ch.status <> 'written_off'
      AND (ch.first_failed_at AT TIME ZONE 'Pacific/Auckland')::date <= last_day
      AND (ch.paid_at IS NULL OR (ch.paid_at AT TIME ZONE 'Pacific/Auckland')::date > first_day)),
  cut_days AS (
    SELECT h.for_organisation, h.id, h.lo AS b FROM held h
    UNION SELECT h.for_organisation, h.id, h.cancelled_on FROM held h
    UNION SELECT h.for_organisation, h.id, pz.b FROM held h JOIN pz ON pz.subscription_id = h.id
    UNION SELECT h.for_organisation, h.id, pz.e FROM held h JOIN pz ON pz.subscription_id = h.id
    UNION SELECT h.for_organisation, h.id, ow.b FROM held h JOIN ow ON ow.subscription_id = h.id
    UNION SELECT h.for_organisation, h.id, ow.e FROM held h JOIN ow ON ow.subscription_id = h.id),
  cuts AS (
    SELECT h.for_organisation, h.id, h.gym_id, h.price_id, h.cancelled_on, h.hi, x.b
    FROM cut_days x JOIN held h ON h.for_organisation = x.for_organisation AND h.id = x.id
    WHERE h.lo < h.hi AND x.b IS NOT NULL AND x.b >= h.lo AND x.b < h.hi),
  paused_cuts AS (
    SELECT DISTINCT k.for_organisation, k.id, k.b FROM cuts k
    JOIN pz ON pz.subscription_id = k.id AND pz.b <= k.b AND k.b < pz.e),
  owing_cuts AS (
    SELECT DISTINCT k.for_organisation, k.id, k.b FROM cuts k
    JOIN ow ON ow.subscription_id = k.id AND ow.b <= k.b AND (ow.e IS NULL OR ow.e > k.b)),
  pieces AS (
    SELECT k.for_organisation, k.gym_id, k.price_id, k.b AS from_day,
      coalesce(lead(k.b) OVER (PARTITION BY k.for_organisation, k.id ORDER BY k.b), k.hi) AS until_day,
      CASE
        WHEN k.cancelled_on <= k.b THEN 'cancelled'
        WHEN p.id IS NOT NULL THEN 'paused'
        WHEN o.id IS NOT NULL THEN 'grace'
        ELSE 'active' END AS state
    FROM cuts k
    LEFT JOIN paused_cuts p ON p.for_organisation = k.for_organisation AND p.id = k.id AND p.b = k.b
    LEFT JOIN owing_cuts o ON o.for_organisation = k.for_organisation AND o.id = k.id AND o.b = k.b),
  steps AS (
    SELECT p.for_organisation, p.gym_id, p.price_id, p.state, x.day, sum(x.n) AS n
    FROM pieces p CROSS JOIN LATERAL (VALUES (p.from_day, 1), (p.until_day, -1)) x(day, n)
    GROUP BY 1, 2, 3, 4, 5),
  keys AS (SELECT DISTINCT for_organisation, gym_id, price_id, state FROM steps),
  grid AS (
    SELECT k.*, d.day::date AS day, coalesce(st.n, 0) AS n
    FROM keys k CROSS JOIN generate_series(first_day, last_day, interval '1 day') d(day)
    LEFT JOIN steps st ON st.for_organisation = k.for_organisation AND st.gym_id = k.gym_id
      AND st.price_id = k.price_id AND st.state = k.state AND st.day = d.day::date),
  running AS (
    SELECT g.*, sum(g.n) OVER (PARTITION BY g.for_organisation, g.gym_id, g.price_id, g.state ORDER BY g.day) AS members
    FROM grid g)
  INSERT INTO daily_membership_counts (organisation_id, day, for_organisation, gym_id, price_id, state, members)
  SELECT org, r.day, r.for_organisation, r.gym_id, r.price_id, r.state, r.members
  FROM running r WHERE r.members <> 0
  ORDER BY 2, 3, 4, 5, 6;
$$;
--> statement-breakpoint
-- The roll-up: writes the days after the organisation's last written one up to the day before `today`
-- (from its first membership's start the first time), once, whoever asks first.
CREATE OR REPLACE FUNCTION daily_membership_counts_catch_up(org bigint, today date) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  done date;
  first_day date;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('daily_membership_counts'), org::integer);
  SELECT r.through INTO done FROM daily_membership_counts_rolled r WHERE r.organisation_id = org;
  IF done IS NOT NULL AND done >= today - 1 THEN RETURN; END IF;
  first_day := coalesce(done + 1,
    (SELECT min(s.start_date) FROM subscriptions s WHERE s.organisation_id = org AND NOT s.is_staging), today);
  IF first_day <= today - 1 THEN
    PERFORM daily_membership_counts_fill(org, first_day, today - 1);
  END IF;
  INSERT INTO daily_membership_counts_rolled AS t (organisation_id, through) VALUES (org, today - 1)
  ON CONFLICT (organisation_id) DO UPDATE SET through = greatest(t.through, excluded.through);
END $$;
--> statement-breakpoint
-- Every kept summary worked out again from the rows: for existing data here, and for bench/data.ts after
-- its trigger-less bulk load. The past days' counts up to yesterday (Auckland).
CREATE OR REPLACE FUNCTION dashboard_summaries_rebuild() RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  lo bigint;
  hi bigint;
  org bigint;
BEGIN
  TRUNCATE daily_gym_figures, membership_counts, membership_count_changes, stopped_coming_counts, balance_owing_totals,
    daily_membership_counts, daily_membership_counts_rolled;
  -- A few thousand members' subscriptions at a time (a member's all in one batch).
  SELECT min(user_id), max(user_id) INTO lo, hi FROM subscriptions;
  WHILE lo <= hi LOOP
    PERFORM membership_counts_add('{}',
      (SELECT coalesce(array_agg(s), '{}') FROM subscriptions s WHERE s.user_id >= lo AND s.user_id < lo + 20000));
    PERFORM stopped_coming_add('{}', '{}',
      (SELECT coalesce(array_agg(s), '{}') FROM subscriptions s WHERE s.user_id >= lo AND s.user_id < lo + 20000),
      (SELECT coalesce(array_agg(m), '{}') FROM organisation_members m WHERE m.user_id >= lo AND m.user_id < lo + 20000));
    lo := lo + 20000;
  END LOOP;
  INSERT INTO balance_owing_totals (organisation_id, gym_id, owing)
  SELECT s.organisation_id, s.gym_id, sum(s.balance_owing) FROM subscriptions s
  WHERE NOT s.is_staging AND s.balance_owing > 0 GROUP BY 1, 2;
  INSERT INTO daily_gym_figures (organisation_id, day, gym_id, offering_id, joins, cancellations_voluntary,
    cancellations_non_payment, charged, collected, refunded, payments_failed, visits)
  SELECT f.organisation_id, f.day, f.gym_id, f.offering_id, sum(f.joins), sum(f.cancellations_voluntary),
    sum(f.cancellations_non_payment), sum(f.charged), sum(f.collected), sum(f.refunded), sum(f.payments_failed),
    sum(f.visits)
  FROM (
    SELECT s.organisation_id, s.start_date AS day, s.gym_id, p.offering_id, 1 AS joins, 0 AS cancellations_voluntary,
      0 AS cancellations_non_payment, 0::bigint AS charged, 0::bigint AS collected, 0::bigint AS refunded,
      0 AS payments_failed, 0 AS visits
    FROM subscriptions s JOIN prices p ON p.id = s.price_id WHERE NOT s.is_staging
    UNION ALL
    SELECT s.organisation_id, (s.cancelled_at AT TIME ZONE 'Pacific/Auckland')::date, s.gym_id, p.offering_id, 0,
      CASE WHEN 'non_payment' = ANY(s.cancellation_reasons) THEN 0 ELSE 1 END,
      CASE WHEN 'non_payment' = ANY(s.cancellation_reasons) THEN 1 ELSE 0 END, 0, 0, 0, 0, 0
    FROM subscriptions s JOIN prices p ON p.id = s.price_id WHERE NOT s.is_staging AND s.cancelled_at IS NOT NULL
    UNION ALL
    SELECT c.organisation_id, c.due_date, s.gym_id, p.offering_id, 0, 0, 0, c.amount + c.surcharge, 0, 0, 0, 0
    FROM charges c JOIN subscriptions s ON s.id = c.subscription_id JOIN prices p ON p.id = s.price_id
    UNION ALL
    SELECT y.organisation_id, (y.created_at AT TIME ZONE 'Pacific/Auckland')::date, y.gym_id,
      coalesce(p.offering_id, 0), 0, 0, 0, 0,
      CASE WHEN y.status = 'sent' THEN y.amount + y.surcharge ELSE 0 END, 0,
      CASE WHEN y.status NOT IN ('sent', 'upcoming', 'pending_request') THEN 1 ELSE 0 END, 0
    FROM payments y LEFT JOIN subscriptions s ON s.id = y.subscription_id LEFT JOIN prices p ON p.id = s.price_id
    WHERE y.status NOT IN ('upcoming', 'pending_request')
    UNION ALL
    SELECT r.organisation_id, (r.created_at AT TIME ZONE 'Pacific/Auckland')::date, r.gym_id,
      coalesce(p.offering_id, 0), 0, 0, 0, 0, 0, r.amount, 0, 0
    FROM payment_refunds r JOIN payments y ON y.id = r.payment_id
    LEFT JOIN subscriptions s ON s.id = y.subscription_id LEFT JOIN prices p ON p.id = s.price_id
    UNION ALL
    -- Visits under the member's membership as it stands (the latest by start date, then id).
    SELECT v.organisation_id, (v.visited_at AT TIME ZONE 'Pacific/Auckland')::date, m.gym_id, m.offering_id,
      0, 0, 0, 0, 0, 0, 0, 1
    FROM visits v
    JOIN (SELECT DISTINCT ON (s.organisation_id, s.user_id) s.organisation_id, s.user_id, s.gym_id, p.offering_id
          FROM subscriptions s JOIN prices p ON p.id = s.price_id WHERE NOT s.is_staging
          ORDER BY s.organisation_id, s.user_id, s.start_date DESC, s.id DESC) m
      ON m.organisation_id = v.organisation_id AND m.user_id = v.user_id
    WHERE v.successful) f
  GROUP BY 1, 2, 3, 4;
  FOR org IN SELECT o.id FROM organisations o ORDER BY o.id LOOP
    PERFORM daily_membership_counts_catch_up(org, (now() AT TIME ZONE 'Pacific/Auckland')::date);
  END LOOP;
END $$;
--> statement-breakpoint
SELECT dashboard_summaries_rebuild();
