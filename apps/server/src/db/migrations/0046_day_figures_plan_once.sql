-- The dashboard's daily figures (0022) are worked out by SQL-language helpers that the statement triggers
-- call, and PostgreSQL plans a SQL-language function's statement again at every call that is not inlined
-- (a plan lives only as long as the calling statement). A payment's webhook fires the payments trigger
-- once per update, so each planned the helpers again: in the clock benchmark at 10,000 members
-- (`npm run bench:clock -- --scenarios members --days 10`, PostgreSQL server) payment_day_figures took
-- 2.8 s and daily_gym_figures_add 1.8 s of the database's 20.8 s, 0.33 and 0.21 ms a call, most of it
-- planning (issue 27).
--
-- Now they are PL/pgSQL, which keeps a statement's plan for the session, and their plans are generic on
-- a server too: each looks up a membership and its price by id for each row (a LATERAL subquery with
-- LIMIT 1, which the planner cannot turn into a scan and hash of the whole table, so a plan made while the
-- tables were small stays right as they grow) or inserts from its array. The figures are the same: the
-- same rows, read the same way. And an update's old and new figures go into daily_gym_figures in one
-- upsert instead of two (the deltas of a row whose figures did not move sum to nothing and are left out,
-- as before).
CREATE OR REPLACE FUNCTION daily_gym_figures_add(deltas daily_gym_figures[]) RETURNS void
  LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
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
    visits = t.visits + excluded.visits;
END $$;
--> statement-breakpoint
-- What subscriptions give daily_gym_figures (times k: 1 to add, -1 to take away): a join on the start
-- date, a cancellation on the day cancelled.
CREATE OR REPLACE FUNCTION subscription_day_figures(subs subscriptions[], k integer) RETURNS daily_gym_figures[]
  LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(ROW(f.*)::daily_gym_figures), '{}') FROM (
    SELECT s.organisation_id, s.start_date AS day, s.gym_id, m.offering_id, k AS joins, 0 AS cancellations_voluntary,
      0 AS cancellations_non_payment, 0::bigint AS charged, 0::bigint AS collected, 0::bigint AS refunded,
      0 AS payments_failed, 0 AS visits
    FROM unnest(subs) s CROSS JOIN LATERAL (SELECT p.offering_id FROM prices p WHERE p.id = s.price_id LIMIT 1) m
    WHERE NOT s.is_staging
    UNION ALL
    SELECT s.organisation_id, (s.cancelled_at AT TIME ZONE 'Pacific/Auckland')::date, s.gym_id, m.offering_id, 0,
      CASE WHEN 'non_payment' = ANY(s.cancellation_reasons) THEN 0 ELSE k END,
      CASE WHEN 'non_payment' = ANY(s.cancellation_reasons) THEN k ELSE 0 END, 0, 0, 0, 0, 0
    FROM unnest(subs) s CROSS JOIN LATERAL (SELECT p.offering_id FROM prices p WHERE p.id = s.price_id LIMIT 1) m
    WHERE NOT s.is_staging AND s.cancelled_at IS NOT NULL) f);
END $$;
--> statement-breakpoint
-- Charges: charged on the due date, under the subscription's gym and offering.
CREATE OR REPLACE FUNCTION charge_day_figures(rows charges[], k integer) RETURNS daily_gym_figures[]
  LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(ROW(f.*)::daily_gym_figures), '{}') FROM (
    SELECT c.organisation_id, c.due_date AS day, m.gym_id, m.offering_id, 0 AS joins, 0 AS cancellations_voluntary,
      0 AS cancellations_non_payment, (k * (c.amount + c.surcharge))::bigint AS charged, 0::bigint AS collected,
      0::bigint AS refunded, 0 AS payments_failed, 0 AS visits
    FROM unnest(rows) c
    CROSS JOIN LATERAL (
      SELECT s.gym_id, p.offering_id FROM subscriptions s JOIN prices p ON p.id = s.price_id
      WHERE s.id = c.subscription_id LIMIT 1) m) f);
END $$;
--> statement-breakpoint
-- Payments: collected (successful) and failed on the day made, under the payment's gym and its
-- subscription's offering (0 without one); the statuses grouped as the domain's classifyPaymentStatus.
CREATE OR REPLACE FUNCTION payment_day_figures(rows payments[], k integer) RETURNS daily_gym_figures[]
  LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(ROW(f.*)::daily_gym_figures), '{}') FROM (
    SELECT y.organisation_id, (y.created_at AT TIME ZONE 'Pacific/Auckland')::date AS day, y.gym_id,
      coalesce(m.offering_id, 0) AS offering_id, 0 AS joins, 0 AS cancellations_voluntary,
      0 AS cancellations_non_payment, 0::bigint AS charged,
      CASE WHEN y.status = 'sent' THEN k * (y.amount + y.surcharge) ELSE 0 END::bigint AS collected,
      0::bigint AS refunded,
      CASE WHEN y.status NOT IN ('sent', 'upcoming', 'pending_request') THEN k ELSE 0 END AS payments_failed,
      0 AS visits
    FROM unnest(rows) y
    LEFT JOIN LATERAL (
      SELECT p.offering_id FROM subscriptions s JOIN prices p ON p.id = s.price_id
      WHERE s.id = y.subscription_id LIMIT 1) m ON true
    WHERE y.status = 'sent' OR y.status NOT IN ('upcoming', 'pending_request')) f);
END $$;
--> statement-breakpoint
-- Refunds: on the day refunded, under the refund's gym and its payment's subscription's offering.
CREATE OR REPLACE FUNCTION refund_day_figures(rows payment_refunds[], k integer) RETURNS daily_gym_figures[]
  LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(ROW(f.*)::daily_gym_figures), '{}') FROM (
    SELECT r.organisation_id, (r.created_at AT TIME ZONE 'Pacific/Auckland')::date AS day, r.gym_id,
      coalesce(m.offering_id, 0) AS offering_id, 0 AS joins, 0 AS cancellations_voluntary,
      0 AS cancellations_non_payment, 0::bigint AS charged, 0::bigint AS collected,
      (k * r.amount)::bigint AS refunded, 0 AS payments_failed, 0 AS visits
    FROM unnest(rows) r
    CROSS JOIN LATERAL (
      SELECT (SELECT p.offering_id FROM subscriptions s JOIN prices p ON p.id = s.price_id
              WHERE s.id = y.subscription_id LIMIT 1) AS offering_id
      FROM payments y WHERE y.id = r.payment_id LIMIT 1) m) f);
END $$;
--> statement-breakpoint
-- Allowed visits: on the day, under the member's membership then (their latest by start date, then id;
-- its gym and offering), none without one.
CREATE OR REPLACE FUNCTION visit_day_figures(rows visits[], k integer) RETURNS daily_gym_figures[]
  LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(ROW(f.*)::daily_gym_figures), '{}') FROM (
    SELECT v.organisation_id, (v.visited_at AT TIME ZONE 'Pacific/Auckland')::date AS day, m.gym_id,
      m.offering_id, 0 AS joins, 0 AS cancellations_voluntary, 0 AS cancellations_non_payment, 0::bigint AS charged,
      0::bigint AS collected, 0::bigint AS refunded, 0 AS payments_failed, k AS visits
    FROM unnest(rows) v
    CROSS JOIN LATERAL (
      SELECT s.gym_id, p.offering_id FROM subscriptions s JOIN prices p ON p.id = s.price_id
      WHERE s.organisation_id = v.organisation_id AND s.user_id = v.user_id AND NOT s.is_staging
      ORDER BY s.start_date DESC, s.id DESC LIMIT 1) m
    WHERE v.successful) f);
END $$;
--> statement-breakpoint
-- 0044's update trigger, its old and new figures added in one upsert.
CREATE OR REPLACE FUNCTION daily_gym_figures_on_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  old_charges charges[];
  new_charges charges[];
  old_payments payments[];
  new_payments payments[];
BEGIN
  IF TG_TABLE_NAME = 'charges' THEN
    -- charge_day_figures reads the organisation, due date, membership and amounts.
    SELECT coalesce(array_agg(ROW(o.*)::charges), '{}'), coalesce(array_agg(ROW(n.*)::charges), '{}')
      INTO old_charges, new_charges
    FROM dashboard_rows_old o JOIN dashboard_rows_new n ON n.id = o.id
    WHERE (o.organisation_id, o.due_date, o.subscription_id, o.amount, o.surcharge)
      IS DISTINCT FROM (n.organisation_id, n.due_date, n.subscription_id, n.amount, n.surcharge);
    IF cardinality(old_charges) > 0 THEN
      PERFORM daily_gym_figures_add(charge_day_figures(old_charges, -1) || charge_day_figures(new_charges, 1));
    END IF;
  ELSE
    -- payment_day_figures reads the organisation, day made, gym, membership, status and amounts.
    SELECT coalesce(array_agg(ROW(o.*)::payments), '{}'), coalesce(array_agg(ROW(n.*)::payments), '{}')
      INTO old_payments, new_payments
    FROM dashboard_rows_old o JOIN dashboard_rows_new n ON n.id = o.id
    WHERE (o.organisation_id, o.created_at, o.gym_id, o.subscription_id, o.status, o.amount, o.surcharge)
      IS DISTINCT FROM (n.organisation_id, n.created_at, n.gym_id, n.subscription_id, n.status, n.amount, n.surcharge);
    IF cardinality(old_payments) > 0 THEN
      PERFORM daily_gym_figures_add(payment_day_figures(old_payments, -1) || payment_day_figures(new_payments, 1));
    END IF;
  END IF;
  RETURN NULL;
END $$;
