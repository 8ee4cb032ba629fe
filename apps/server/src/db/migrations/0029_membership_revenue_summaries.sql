-- Recurring revenue and churn (issue 29) from summaries a few hundred rows long whatever the
-- organisation's size, kept the way 0022 and 0027 keep theirs (docs/decisions/017-revenue-summaries.md):
-- 1. member_revenue_steps: each member's recurring revenue as a step function of the day, for the whole
--    organisation (gym_id 0) and in each gym they hold a membership in: on each day something recorded
--    for them takes effect (a membership's start, the day it was cancelled, a pause's first day and its
--    first day back, the day a price change was applied), whether a membership of theirs counts that day
--    (held: started, not cancelled by the day's end, not paused), its monthly amount at the price it then
--    had, whether one had started and was not cancelled (enrolled: churn's member, pauses aside), and the
--    first start of all their memberships. The rule is the reports' previous query (mrrByDay) per day.
-- 2. member_month_facts: per member and month with a step, the movement from the end of the month before
--    to the end of this one (new, expansion, contraction, churned, reactivated, the recurring revenue and
--    members it moves, members enrolled) and, for a member enrolled at the month's start and not at its
--    end, their last cancellation that month (its kind and its membership's reasons).
-- 3. member_month_totals and churn_month_totals: those facts summed by organisation, gym and month (and
--    for churn the cancellation's kind and reasons): what the reports read.
-- Kept by statement-level triggers on subscriptions, subscription_pauses, price_changes, the activity
-- log's cancellations and prices: each statement works its members' steps and facts out again, takes the
-- old facts from the totals and adds the new.
CREATE TABLE IF NOT EXISTS "member_revenue_steps" (
  "organisation_id" bigint NOT NULL,
  -- 0: the whole organisation
  "gym_id" bigint NOT NULL,
  "user_id" bigint NOT NULL,
  "on_date" date NOT NULL,
  "held" boolean NOT NULL,
  -- cents a month (0 when not held)
  "mrr" bigint NOT NULL,
  "enrolled" boolean NOT NULL,
  "first_start" date NOT NULL,
  CONSTRAINT "member_revenue_steps_pkey" PRIMARY KEY ("organisation_id", "user_id", "gym_id", "on_date")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_revenue_steps_day" ON "member_revenue_steps" USING btree ("organisation_id", "gym_id", "on_date");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "member_month_facts" (
  "organisation_id" bigint NOT NULL,
  "gym_id" bigint NOT NULL,
  "user_id" bigint NOT NULL,
  -- the first day of the month
  "month" date NOT NULL,
  "mrr_net" bigint NOT NULL,
  "members_net" integer NOT NULL,
  "new_mrr" bigint NOT NULL,
  "expansion" bigint NOT NULL,
  "contraction" bigint NOT NULL,
  "churned" bigint NOT NULL,
  "reactivated" bigint NOT NULL,
  "enrolled_net" integer NOT NULL,
  -- '' when not lost in the month
  "lost_action" text NOT NULL,
  "lost_reasons" text[] NOT NULL,
  CONSTRAINT "member_month_facts_pkey" PRIMARY KEY ("organisation_id", "user_id", "gym_id", "month")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "member_month_totals" (
  "organisation_id" bigint NOT NULL,
  "gym_id" bigint NOT NULL,
  "month" date NOT NULL,
  "mrr_net" bigint NOT NULL,
  "members_net" integer NOT NULL,
  "new_mrr" bigint NOT NULL,
  "expansion" bigint NOT NULL,
  "contraction" bigint NOT NULL,
  "churned" bigint NOT NULL,
  "reactivated" bigint NOT NULL,
  "enrolled_net" integer NOT NULL,
  CONSTRAINT "member_month_totals_pkey" PRIMARY KEY ("organisation_id", "gym_id", "month")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "churn_month_totals" (
  "organisation_id" bigint NOT NULL,
  "gym_id" bigint NOT NULL,
  "month" date NOT NULL,
  "action" text NOT NULL,
  "reasons" text[] NOT NULL,
  "lost" integer NOT NULL,
  CONSTRAINT "churn_month_totals_pkey" PRIMARY KEY ("organisation_id", "gym_id", "month", "action", "reasons")
);
--> statement-breakpoint
-- The domain's monthlyAmount (report-rules.ts MONTHLY_FACTORS): amount × numerator ÷ denominator, rounded
-- half up; reports.sql.test.ts checks it against the domain for every frequency.
CREATE OR REPLACE FUNCTION monthly_amount(amount bigint, frequency text) RETURNS bigint
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE frequency
    WHEN 'daily' THEN (amount * 730 + 12) / 24
    WHEN 'weekly' THEN (amount * 104 + 12) / 24
    WHEN 'fortnightly' THEN (amount * 52 + 12) / 24
    WHEN 'monthly' THEN (amount * 2 + 1) / 2
    WHEN 'bi_monthly' THEN (amount * 2 + 2) / 4
    WHEN 'quarterly' THEN (amount * 2 + 3) / 6
    WHEN 'twice_yearly' THEN (amount * 2 + 6) / 12
    WHEN 'yearly' THEN (amount * 2 + 12) / 24
    ELSE 0 END
$$;
--> statement-breakpoint
-- The steps of the given members of an organisation, as the rows say now.
CREATE OR REPLACE FUNCTION member_revenue_step_rows(org bigint, users bigint[]) RETURNS SETOF member_revenue_steps
  LANGUAGE sql STABLE AS $$
  WITH subs AS (
    SELECT s.id, s.user_id, s.gym_id, s.price_id, s.start_date, s.force_price_amount,
      (s.cancelled_at AT TIME ZONE 'Pacific/Auckland')::date AS cancel_day
    FROM subscriptions s
    WHERE s.organisation_id = org AND s.user_id = ANY(users) AND NOT s.is_staging AND s.upcoming_state IS NULL),
  scoped AS (SELECT 0::bigint AS scope, s.* FROM subs s UNION ALL SELECT s.gym_id, s.* FROM subs s),
  days AS (
    SELECT DISTINCT x.scope, x.user_id, d.day FROM scoped x
    CROSS JOIN LATERAL (
      SELECT x.start_date
      UNION ALL SELECT x.cancel_day WHERE x.cancel_day IS NOT NULL
      UNION ALL SELECT p.start_date FROM subscription_pauses p WHERE p.subscription_id = x.id AND p.cancelled_at IS NULL
      UNION ALL SELECT p.end_date FROM subscription_pauses p WHERE p.subscription_id = x.id AND p.cancelled_at IS NULL
      UNION ALL SELECT (c.applied_at AT TIME ZONE 'Pacific/Auckland')::date FROM price_changes c
        WHERE c.subscription_id = x.id AND c.applied_at IS NOT NULL AND c.cancelled_at IS NULL) d(day)),
  states AS (
    SELECT d.scope, d.user_id, d.day, x.id, x.price_id, x.force_price_amount,
      x.start_date <= d.day AND (x.cancel_day IS NULL OR x.cancel_day > d.day) AS enrolled,
      x.start_date <= d.day AND (x.cancel_day IS NULL OR x.cancel_day > d.day) AND NOT EXISTS (
        SELECT 1 FROM subscription_pauses p WHERE p.subscription_id = x.id AND p.cancelled_at IS NULL
          AND p.start_date <= d.day AND p.end_date > d.day) AS held
    FROM days d JOIN scoped x ON x.scope = d.scope AND x.user_id = d.user_id),
  priced AS (
    SELECT h.*,
      CASE WHEN h.held THEN (SELECT array[c.to_amount, c.to_price_id] FROM price_changes c
        WHERE c.subscription_id = h.id AND c.applied_at IS NOT NULL AND c.cancelled_at IS NULL
          AND (c.applied_at AT TIME ZONE 'Pacific/Auckland')::date <= h.day
        ORDER BY c.applied_at DESC, c.id DESC LIMIT 1) END AS cur,
      CASE WHEN h.held THEN (SELECT array[c.from_amount, coalesce(c.from_price_id, h.price_id)] FROM price_changes c
        WHERE c.subscription_id = h.id AND c.applied_at IS NOT NULL AND c.cancelled_at IS NULL
          AND (c.applied_at AT TIME ZONE 'Pacific/Auckland')::date > h.day
        ORDER BY c.applied_at, c.id LIMIT 1) END AS nxt
    FROM states h),
  vals AS (
    SELECT h.scope, h.user_id, h.day, bool_or(h.held) AS held, bool_or(h.enrolled) AS enrolled,
      coalesce(sum(monthly_amount(coalesce(h.cur[1], h.nxt[1], h.force_price_amount, p.amount), fp.billing_frequency))
        FILTER (WHERE h.held), 0)::bigint AS mrr
    FROM priced h
    JOIN prices p ON p.id = h.price_id
    JOIN prices fp ON fp.id = coalesce(h.cur[2], h.nxt[2], h.price_id)
    GROUP BY 1, 2, 3),
  firsts AS (SELECT x.scope, x.user_id, min(x.start_date) AS first_start FROM scoped x GROUP BY 1, 2)
  SELECT org, v.scope, v.user_id, v.day, v.held, v.mrr, v.enrolled, f.first_start
  FROM (SELECT v.*, lag(v.held, 1, false) OVER w AS was_held, lag(v.mrr, 1, 0::bigint) OVER w AS was_mrr,
          lag(v.enrolled, 1, false) OVER w AS was_enrolled
        FROM vals v WINDOW w AS (PARTITION BY v.scope, v.user_id ORDER BY v.day)) v
  JOIN firsts f ON f.scope = v.scope AND f.user_id = v.user_id
  WHERE (v.held, v.mrr, v.enrolled) IS DISTINCT FROM (v.was_held, v.was_mrr, v.was_enrolled)
$$;
--> statement-breakpoint
-- The month facts of the given members from their steps (as member_revenue_steps holds them now) and,
-- for those lost, their last cancellation in the month (the activity log's).
CREATE OR REPLACE FUNCTION member_month_fact_rows(org bigint, users bigint[]) RETURNS SETOF member_month_facts
  LANGUAGE sql STABLE AS $$
  WITH ends AS (
    SELECT DISTINCT ON (s.gym_id, s.user_id, date_trunc('month', s.on_date))
      s.gym_id, s.user_id, date_trunc('month', s.on_date)::date AS month, s.held, s.mrr, s.enrolled, s.first_start
    FROM member_revenue_steps s WHERE s.organisation_id = org AND s.user_id = ANY(users)
    ORDER BY s.gym_id, s.user_id, date_trunc('month', s.on_date), s.on_date DESC),
  pairs AS (
    SELECT e.*, lag(e.held, 1, false) OVER w AS b_held, lag(e.mrr, 1, 0::bigint) OVER w AS b_mrr,
      lag(e.enrolled, 1, false) OVER w AS b_enrolled
    FROM ends e WINDOW w AS (PARTITION BY e.gym_id, e.user_id ORDER BY e.month))
  SELECT org, p.gym_id, p.user_id, p.month,
    p.mrr - p.b_mrr,
    p.held::int - p.b_held::int,
    CASE WHEN NOT p.b_held AND p.held AND p.first_start >= p.month THEN p.mrr ELSE 0 END,
    CASE WHEN p.b_held AND p.held AND p.mrr > p.b_mrr THEN p.mrr - p.b_mrr ELSE 0 END,
    CASE WHEN p.b_held AND p.held AND p.mrr < p.b_mrr THEN p.b_mrr - p.mrr ELSE 0 END,
    CASE WHEN p.b_held AND NOT p.held THEN p.b_mrr ELSE 0 END,
    CASE WHEN NOT p.b_held AND p.held AND p.first_start < p.month THEN p.mrr ELSE 0 END,
    p.enrolled::int - p.b_enrolled::int,
    coalesce(l.action, ''),
    coalesce(l.reasons, '{}')
  FROM pairs p
  LEFT JOIN LATERAL (
    SELECT a.action, coalesce(s.cancellation_reasons, '{}') AS reasons
    FROM subscriptions s
    JOIN activity_log a ON a.subject_type = 'subscription' AND a.subject_id = s.id
    WHERE p.b_enrolled AND NOT p.enrolled
      AND s.organisation_id = org AND s.user_id = p.user_id AND (p.gym_id = 0 OR s.gym_id = p.gym_id)
      AND NOT s.is_staging AND s.upcoming_state IS NULL
      AND a.organisation_id = org
      AND a.action IN ('subscription.cancelled', 'subscription.cancelled_for_non_payment')
      AND a.created_at >= (p.month::timestamp AT TIME ZONE 'Pacific/Auckland')
      AND a.created_at < ((p.month + interval '1 month')::timestamp AT TIME ZONE 'Pacific/Auckland')
    ORDER BY a.created_at DESC, a.id DESC LIMIT 1) l ON true
  WHERE (p.held, p.mrr, p.enrolled) IS DISTINCT FROM (p.b_held, p.b_mrr, p.b_enrolled)
$$;
--> statement-breakpoint
-- Adds the given members' facts to the totals, times k (1 to add, -1 to take away), in key order.
CREATE OR REPLACE FUNCTION member_month_totals_add(org bigint, users bigint[], k integer) RETURNS void
  LANGUAGE sql AS $$
  WITH f AS (SELECT * FROM member_month_facts f WHERE f.organisation_id = org AND f.user_id = ANY(users)),
  months AS (
    INSERT INTO member_month_totals AS t (organisation_id, gym_id, month, mrr_net, members_net, new_mrr, expansion,
      contraction, churned, reactivated, enrolled_net)
    SELECT org, f.gym_id, f.month, k * sum(f.mrr_net), k * sum(f.members_net), k * sum(f.new_mrr),
      k * sum(f.expansion), k * sum(f.contraction), k * sum(f.churned), k * sum(f.reactivated), k * sum(f.enrolled_net)
    FROM f GROUP BY 2, 3 ORDER BY 2, 3
    ON CONFLICT (organisation_id, gym_id, month) DO UPDATE SET
      mrr_net = t.mrr_net + excluded.mrr_net,
      members_net = t.members_net + excluded.members_net,
      new_mrr = t.new_mrr + excluded.new_mrr,
      expansion = t.expansion + excluded.expansion,
      contraction = t.contraction + excluded.contraction,
      churned = t.churned + excluded.churned,
      reactivated = t.reactivated + excluded.reactivated,
      enrolled_net = t.enrolled_net + excluded.enrolled_net)
  INSERT INTO churn_month_totals AS t (organisation_id, gym_id, month, action, reasons, lost)
  SELECT org, f.gym_id, f.month, f.lost_action, f.lost_reasons, k * count(*)
  FROM f WHERE f.lost_action <> '' GROUP BY 2, 3, 4, 5 ORDER BY 2, 3, 4, 5
  ON CONFLICT (organisation_id, gym_id, month, action, reasons) DO UPDATE SET lost = t.lost + excluded.lost
$$;
--> statement-breakpoint
-- Works the given members' steps and facts out again: each member's organisation_members row locked
-- first (in id order, so two statements on one member take turns; a row lock, so a statement touching
-- thousands of members does not fill the lock table as advisory locks did), their old facts taken from
-- the totals, replaced, the new added.
CREATE OR REPLACE FUNCTION member_revenue_refresh(org bigint, users bigint[]) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  u bigint[];
BEGIN
  SELECT array_agg(DISTINCT x.id ORDER BY x.id) INTO u FROM unnest(users) AS x(id) WHERE x.id IS NOT NULL;
  IF u IS NULL THEN
    RETURN;
  END IF;
  PERFORM 1 FROM organisation_members m WHERE m.organisation_id = org AND m.user_id = ANY(u)
  ORDER BY m.user_id FOR NO KEY UPDATE;
  PERFORM member_month_totals_add(org, u, -1);
  DELETE FROM member_month_facts f WHERE f.organisation_id = org AND f.user_id = ANY(u);
  DELETE FROM member_revenue_steps s WHERE s.organisation_id = org AND s.user_id = ANY(u);
  INSERT INTO member_revenue_steps SELECT * FROM member_revenue_step_rows(org, u);
  INSERT INTO member_month_facts SELECT * FROM member_month_fact_rows(org, u);
  PERFORM member_month_totals_add(org, u, 1);
END $$;
--> statement-breakpoint
-- The members a statement touched, by organisation: worked out again.
CREATE OR REPLACE FUNCTION member_revenue_refresh_members(members bigint[][]) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  org bigint;
  users bigint[];
BEGIN
  FOR org, users IN
    SELECT m.o, array_agg(DISTINCT m.u) FROM (
      SELECT members[i][1] AS o, members[i][2] AS u FROM generate_subscripts(members, 1) AS i) m
    WHERE m.o IS NOT NULL AND m.u IS NOT NULL GROUP BY m.o ORDER BY m.o
  LOOP
    PERFORM member_revenue_refresh(org, users);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_revenue_on_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  members bigint[][];
BEGIN
  IF TG_TABLE_NAME = 'subscriptions' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(array[n.organisation_id, n.user_id]) INTO members FROM revenue_rows_new n;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(array[o.organisation_id, o.user_id]) INTO members FROM revenue_rows_old o;
    ELSE
      SELECT array_agg(x.m) INTO members FROM (
        SELECT array[n.organisation_id, n.user_id] AS m FROM revenue_rows_new n JOIN revenue_rows_old o ON o.id = n.id
        WHERE (n.organisation_id, n.user_id, n.gym_id, n.price_id, n.start_date, n.cancelled_at, n.force_price_amount,
               n.is_staging, n.upcoming_state, n.cancellation_reasons)
          IS DISTINCT FROM (o.organisation_id, o.user_id, o.gym_id, o.price_id, o.start_date, o.cancelled_at,
               o.force_price_amount, o.is_staging, o.upcoming_state, o.cancellation_reasons)
        UNION ALL
        SELECT array[o.organisation_id, o.user_id] FROM revenue_rows_new n JOIN revenue_rows_old o ON o.id = n.id
        WHERE (n.organisation_id, n.user_id) IS DISTINCT FROM (o.organisation_id, o.user_id)) x;
    END IF;
  ELSIF TG_TABLE_NAME = 'subscription_pauses' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(array[s.organisation_id, s.user_id]) INTO members
      FROM revenue_rows_new n JOIN subscriptions s ON s.id = n.subscription_id;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(array[s.organisation_id, s.user_id]) INTO members
      FROM revenue_rows_old o JOIN subscriptions s ON s.id = o.subscription_id;
    ELSE
      SELECT array_agg(array[s.organisation_id, s.user_id]) INTO members
      FROM revenue_rows_new n JOIN revenue_rows_old o ON o.id = n.id
      JOIN subscriptions s ON s.id IN (n.subscription_id, o.subscription_id)
      WHERE (n.subscription_id, n.start_date, n.end_date, n.cancelled_at)
        IS DISTINCT FROM (o.subscription_id, o.start_date, o.end_date, o.cancelled_at);
    END IF;
  ELSIF TG_TABLE_NAME = 'price_changes' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(array[s.organisation_id, s.user_id]) INTO members
      FROM revenue_rows_new n JOIN subscriptions s ON s.id = n.subscription_id WHERE n.applied_at IS NOT NULL;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(array[s.organisation_id, s.user_id]) INTO members
      FROM revenue_rows_old o JOIN subscriptions s ON s.id = o.subscription_id WHERE o.applied_at IS NOT NULL;
    ELSE
      SELECT array_agg(array[s.organisation_id, s.user_id]) INTO members
      FROM revenue_rows_new n JOIN revenue_rows_old o ON o.id = n.id
      JOIN subscriptions s ON s.id IN (n.subscription_id, o.subscription_id)
      WHERE (n.subscription_id, n.applied_at, n.cancelled_at, n.from_amount, n.to_amount, n.from_price_id, n.to_price_id)
        IS DISTINCT FROM (o.subscription_id, o.applied_at, o.cancelled_at, o.from_amount, o.to_amount, o.from_price_id,
          o.to_price_id);
    END IF;
  ELSIF TG_TABLE_NAME = 'activity_log' THEN
    SELECT array_agg(array[s.organisation_id, s.user_id]) INTO members
    FROM revenue_rows_new n JOIN subscriptions s ON s.id = n.subject_id
    WHERE n.subject_type = 'subscription'
      AND n.action IN ('subscription.cancelled', 'subscription.cancelled_for_non_payment');
  ELSIF TG_TABLE_NAME = 'prices' THEN
    SELECT array_agg(array[x.organisation_id, x.user_id]) INTO members FROM (
      SELECT s.organisation_id, s.user_id FROM revenue_rows_new n JOIN revenue_rows_old o ON o.id = n.id
      JOIN subscriptions s ON s.price_id = n.id
      WHERE (n.amount, n.billing_frequency) IS DISTINCT FROM (o.amount, o.billing_frequency)
      UNION
      SELECT s.organisation_id, s.user_id FROM revenue_rows_new n JOIN revenue_rows_old o ON o.id = n.id
      JOIN price_changes pc ON pc.organisation_id = n.organisation_id AND n.id IN (pc.from_price_id, pc.to_price_id)
      JOIN subscriptions s ON s.id = pc.subscription_id
      WHERE (n.amount, n.billing_frequency) IS DISTINCT FROM (o.amount, o.billing_frequency)) x;
  END IF;
  IF members IS NOT NULL THEN
    PERFORM member_revenue_refresh_members(members);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER member_revenue_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS revenue_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION member_revenue_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER member_revenue_delete AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS revenue_rows_old
  FOR EACH STATEMENT EXECUTE FUNCTION member_revenue_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER member_revenue_update AFTER UPDATE ON subscriptions
  REFERENCING OLD TABLE AS revenue_rows_old NEW TABLE AS revenue_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION member_revenue_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER member_revenue_insert AFTER INSERT ON subscription_pauses
  REFERENCING NEW TABLE AS revenue_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION member_revenue_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER member_revenue_delete AFTER DELETE ON subscription_pauses
  REFERENCING OLD TABLE AS revenue_rows_old
  FOR EACH STATEMENT EXECUTE FUNCTION member_revenue_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER member_revenue_update AFTER UPDATE ON subscription_pauses
  REFERENCING OLD TABLE AS revenue_rows_old NEW TABLE AS revenue_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION member_revenue_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER member_revenue_insert AFTER INSERT ON price_changes REFERENCING NEW TABLE AS revenue_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION member_revenue_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER member_revenue_delete AFTER DELETE ON price_changes REFERENCING OLD TABLE AS revenue_rows_old
  FOR EACH STATEMENT EXECUTE FUNCTION member_revenue_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER member_revenue_update AFTER UPDATE ON price_changes
  REFERENCING OLD TABLE AS revenue_rows_old NEW TABLE AS revenue_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION member_revenue_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER member_revenue_insert AFTER INSERT ON activity_log REFERENCING NEW TABLE AS revenue_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION member_revenue_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER member_revenue_update AFTER UPDATE ON prices
  REFERENCING OLD TABLE AS revenue_rows_old NEW TABLE AS revenue_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION member_revenue_on_change();
--> statement-breakpoint
-- Every member's steps, facts and totals worked out again from the rows, a batch of members at a time:
-- for existing data here, and for bench/data.ts after its trigger-less bulk load.
CREATE OR REPLACE FUNCTION member_revenue_rebuild() RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  org bigint;
  lo bigint;
  hi bigint;
  users bigint[];
BEGIN
  TRUNCATE member_revenue_steps, member_month_facts, member_month_totals, churn_month_totals;
  FOR org IN SELECT o.id FROM organisations o ORDER BY o.id LOOP
    SELECT min(s.user_id), max(s.user_id) INTO lo, hi FROM subscriptions s WHERE s.organisation_id = org;
    WHILE lo <= hi LOOP
      users := ARRAY(SELECT DISTINCT s.user_id FROM subscriptions s
                     WHERE s.organisation_id = org AND s.user_id >= lo AND s.user_id < lo + 20000);
      IF cardinality(users) > 0 THEN
        INSERT INTO member_revenue_steps SELECT * FROM member_revenue_step_rows(org, users);
        INSERT INTO member_month_facts SELECT * FROM member_month_fact_rows(org, users);
      END IF;
      lo := lo + 20000;
    END LOOP;
  END LOOP;
  INSERT INTO member_month_totals (organisation_id, gym_id, month, mrr_net, members_net, new_mrr, expansion,
    contraction, churned, reactivated, enrolled_net)
  SELECT f.organisation_id, f.gym_id, f.month, sum(f.mrr_net), sum(f.members_net), sum(f.new_mrr), sum(f.expansion),
    sum(f.contraction), sum(f.churned), sum(f.reactivated), sum(f.enrolled_net)
  FROM member_month_facts f GROUP BY 1, 2, 3;
  INSERT INTO churn_month_totals (organisation_id, gym_id, month, action, reasons, lost)
  SELECT f.organisation_id, f.gym_id, f.month, f.lost_action, f.lost_reasons, count(*)
  FROM member_month_facts f WHERE f.lost_action <> '' GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
SELECT member_revenue_rebuild();
