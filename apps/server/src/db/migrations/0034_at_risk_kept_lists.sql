-- Members at risk (issue 29, decision 019's addendum): the day's list of an organisation is kept, not
-- worked out again on every request. The list is the report's own query (at-risk.repository.ts, written
-- from AT_RISK_RULES) run once for the whole organisation; what changed since is put right when it is read.
--
-- at_risk_lists: one row per organisation and day kept, with the snapshot (pg_current_snapshot()) of the
-- one statement that worked its rows out. at_risk_list_rows: the members at risk that day, one row per gym
-- where they hold a live membership (the latest one there), `latest` on the gym of their latest live
-- membership (the report's gym for the whole organisation), their figures and their name's sort key.
-- at_risk_changes: every change to what the list reads (member_visit_weeks, the pause transitions in
-- activity_log, charges, subscriptions, users' names) writes the member, its transaction id and the days
-- whose list it can change (from_day … to_day), by the triggers below, in the changing transaction.
-- A list's rows are exact as of its snapshot; a reader works out again, with the report's query, the
-- members of the changes its snapshot does not see (pg_visible_in_snapshot), and reads the rest from the
-- kept rows. A read therefore equals the query run now, whatever was committed a moment before.
-- at_risk_keepers: one row per organisation that every statement writing lists or pruning changes
-- updates first, only when it still holds the version its own snapshot read (so two such statements
-- take turns, and one whose snapshot predates another's commit does nothing and is sent again).
CREATE TABLE IF NOT EXISTS "at_risk_keepers" (
  "organisation_id" bigint PRIMARY KEY NOT NULL,
  "version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "at_risk_lists" (
  "organisation_id" bigint NOT NULL,
  "day" date NOT NULL,
  "snapshot" pg_snapshot NOT NULL,
  CONSTRAINT "at_risk_lists_pkey" PRIMARY KEY ("organisation_id", "day")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "at_risk_list_rows" (
  "organisation_id" bigint NOT NULL,
  "day" date NOT NULL,
  "user_id" bigint NOT NULL,
  "gym_id" bigint NOT NULL,
  -- the member's latest live membership at this gym (start date, id): which gym a scope of several shows
  "subscription_start" date NOT NULL,
  "subscription_id" bigint NOT NULL,
  -- this gym is that of the member's latest live membership of all
  "latest" boolean NOT NULL,
  -- lower(users.name): the list's order
  "sort_name" text NOT NULL,
  "baseline_visits" integer NOT NULL,
  "recent_visits" integer NOT NULL,
  "paused_on" date,
  "failed_on" date,
  "failed_amount" integer,
  "failed_paid" boolean,
  CONSTRAINT "at_risk_list_rows_pkey" PRIMARY KEY ("organisation_id", "day", "user_id", "gym_id"),
  CONSTRAINT "at_risk_list_rows_list_fk" FOREIGN KEY ("organisation_id", "day")
    REFERENCES "at_risk_lists" ("organisation_id", "day") ON DELETE CASCADE
);
--> statement-breakpoint
-- A page of the whole organisation's list walks this in name order; a gym's, the next.
CREATE INDEX IF NOT EXISTS "at_risk_list_rows_by_name" ON "at_risk_list_rows"
  ("organisation_id", "day", "sort_name", "user_id") WHERE "latest";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "at_risk_list_rows_by_gym" ON "at_risk_list_rows"
  ("organisation_id", "day", "gym_id", "sort_name", "user_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "at_risk_changes" (
  "organisation_id" bigint NOT NULL,
  "user_id" bigint NOT NULL,
  -- the changing transaction (top level)
  "xid" xid8 DEFAULT pg_current_xact_id() NOT NULL,
  -- the days whose list the change can move
  "from_day" date NOT NULL,
  "to_day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "at_risk_changes_org_xid" ON "at_risk_changes" ("organisation_id", "xid");
--> statement-breakpoint
-- Visit days: a week's row moves the lists of the days from its Monday on (a list reads visits up to its
-- day; how far back is AT_RISK_RULES', so no end is written here).
CREATE OR REPLACE FUNCTION at_risk_changes_visit_weeks() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO at_risk_changes (organisation_id, user_id, from_day, to_day)
    SELECT DISTINCT n.organisation_id, n.user_id, n.week, 'infinity'::date FROM at_risk_weeks_new n;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO at_risk_changes (organisation_id, user_id, from_day, to_day)
    SELECT DISTINCT o.organisation_id, o.user_id, o.week, 'infinity'::date FROM at_risk_weeks_old o;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER at_risk_changes_visit_weeks_insert
  AFTER INSERT ON member_visit_weeks REFERENCING NEW TABLE AS at_risk_weeks_new
  FOR EACH STATEMENT EXECUTE FUNCTION at_risk_changes_visit_weeks();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER at_risk_changes_visit_weeks_update
  AFTER UPDATE ON member_visit_weeks REFERENCING OLD TABLE AS at_risk_weeks_old NEW TABLE AS at_risk_weeks_new
  FOR EACH STATEMENT EXECUTE FUNCTION at_risk_changes_visit_weeks();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER at_risk_changes_visit_weeks_delete
  AFTER DELETE ON member_visit_weeks REFERENCING OLD TABLE AS at_risk_weeks_old
  FOR EACH STATEMENT EXECUTE FUNCTION at_risk_changes_visit_weeks();
--> statement-breakpoint
-- A pause started (the lifecycle's recorded transition; the log is append-only): the lists from its day on.
CREATE OR REPLACE FUNCTION at_risk_changes_pauses() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO at_risk_changes (organisation_id, user_id, from_day, to_day)
  SELECT DISTINCT n.organisation_id, n.user_id, (n.created_at AT TIME ZONE 'Pacific/Auckland')::date,
    'infinity'::date
  FROM at_risk_activity_new n
  WHERE n.action = 'subscription.pause_started' AND n.user_id IS NOT NULL AND n.organisation_id IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER at_risk_changes_pauses
  AFTER INSERT ON activity_log REFERENCING NEW TABLE AS at_risk_activity_new
  FOR EACH STATEMENT EXECUTE FUNCTION at_risk_changes_pauses();
--> statement-breakpoint
-- A failed charge (made, moved, paid, deleted): its member's lists from the day it first failed on. Only
-- rows that failed (before or after) and whose read columns moved; the member is the subscription's.
CREATE OR REPLACE FUNCTION at_risk_changes_charges() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO at_risk_changes (organisation_id, user_id, from_day, to_day)
    SELECT DISTINCT x.organisation_id, s.user_id, (x.first_failed_at AT TIME ZONE 'Pacific/Auckland')::date,
      'infinity'::date
    FROM (
      SELECT o.organisation_id, o.subscription_id, o.first_failed_at
      FROM at_risk_charges_old o JOIN at_risk_charges_new n ON n.id = o.id
      WHERE o.first_failed_at IS NOT NULL
        AND (o.organisation_id, o.subscription_id, o.first_failed_at, o.amount, o.surcharge, o.status, o.paid_at)
          IS DISTINCT FROM (n.organisation_id, n.subscription_id, n.first_failed_at, n.amount, n.surcharge, n.status, n.paid_at)
      UNION ALL
      SELECT n.organisation_id, n.subscription_id, n.first_failed_at
      FROM at_risk_charges_old o JOIN at_risk_charges_new n ON n.id = o.id
      WHERE n.first_failed_at IS NOT NULL
        AND (o.organisation_id, o.subscription_id, o.first_failed_at, o.amount, o.surcharge, o.status, o.paid_at)
          IS DISTINCT FROM (n.organisation_id, n.subscription_id, n.first_failed_at, n.amount, n.surcharge, n.status, n.paid_at)
    ) x JOIN subscriptions s ON s.id = x.subscription_id;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO at_risk_changes (organisation_id, user_id, from_day, to_day)
    SELECT DISTINCT n.organisation_id, s.user_id, (n.first_failed_at AT TIME ZONE 'Pacific/Auckland')::date,
      'infinity'::date
    FROM at_risk_charges_new n JOIN subscriptions s ON s.id = n.subscription_id
    WHERE n.first_failed_at IS NOT NULL;
  ELSE
    INSERT INTO at_risk_changes (organisation_id, user_id, from_day, to_day)
    SELECT DISTINCT o.organisation_id, s.user_id, (o.first_failed_at AT TIME ZONE 'Pacific/Auckland')::date,
      'infinity'::date
    FROM at_risk_charges_old o JOIN subscriptions s ON s.id = o.subscription_id
    WHERE o.first_failed_at IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER at_risk_changes_charges_insert
  AFTER INSERT ON charges REFERENCING NEW TABLE AS at_risk_charges_new
  FOR EACH STATEMENT EXECUTE FUNCTION at_risk_changes_charges();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER at_risk_changes_charges_update
  AFTER UPDATE ON charges REFERENCING OLD TABLE AS at_risk_charges_old NEW TABLE AS at_risk_charges_new
  FOR EACH STATEMENT EXECUTE FUNCTION at_risk_changes_charges();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER at_risk_changes_charges_delete
  AFTER DELETE ON charges REFERENCING OLD TABLE AS at_risk_charges_old
  FOR EACH STATEMENT EXECUTE FUNCTION at_risk_changes_charges();
--> statement-breakpoint
-- Memberships: which are live on a day (start date, cancellation, staging), at which gym, whose. A new
-- one moves the lists from its start; a cancellation made, moved or undone, those from the day before the
-- earlier of the two instants' days; anything else (another member, gym or organisation, staging, a
-- deletion: its charges go with it), every list of both members.
CREATE OR REPLACE FUNCTION at_risk_changes_subscriptions() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO at_risk_changes (organisation_id, user_id, from_day, to_day)
    SELECT DISTINCT n.organisation_id, n.user_id, n.start_date, 'infinity'::date FROM at_risk_subscriptions_new n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO at_risk_changes (organisation_id, user_id, from_day, to_day)
    SELECT DISTINCT o.organisation_id, o.user_id, '-infinity'::date, 'infinity'::date FROM at_risk_subscriptions_old o;
  ELSE
    INSERT INTO at_risk_changes (organisation_id, user_id, from_day, to_day)
    SELECT DISTINCT x.organisation_id, x.user_id, x.from_day, 'infinity'::date FROM (
      SELECT o.organisation_id, o.user_id, n.organisation_id AS new_organisation_id, n.user_id AS new_user_id,
        CASE WHEN (o.organisation_id, o.user_id, o.gym_id, o.is_staging) IS DISTINCT FROM
                  (n.organisation_id, n.user_id, n.gym_id, n.is_staging) THEN '-infinity'::date
          ELSE least(
            CASE WHEN o.start_date IS DISTINCT FROM n.start_date THEN least(o.start_date, n.start_date) END,
            CASE WHEN o.cancelled_at IS DISTINCT FROM n.cancelled_at THEN
              least((o.cancelled_at AT TIME ZONE 'Pacific/Auckland')::date,
                    (n.cancelled_at AT TIME ZONE 'Pacific/Auckland')::date) - 1 END)
        END AS from_day
      FROM at_risk_subscriptions_old o JOIN at_risk_subscriptions_new n ON n.id = o.id
    ) y CROSS JOIN LATERAL (VALUES (y.organisation_id, y.user_id, y.from_day),
                                   (y.new_organisation_id, y.new_user_id, y.from_day)) x(organisation_id, user_id, from_day)
    WHERE x.from_day IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER at_risk_changes_subscriptions_insert
  AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS at_risk_subscriptions_new
  FOR EACH STATEMENT EXECUTE FUNCTION at_risk_changes_subscriptions();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER at_risk_changes_subscriptions_update
  AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS at_risk_subscriptions_old NEW TABLE AS at_risk_subscriptions_new
  FOR EACH STATEMENT EXECUTE FUNCTION at_risk_changes_subscriptions();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER at_risk_changes_subscriptions_delete
  AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS at_risk_subscriptions_old
  FOR EACH STATEMENT EXECUTE FUNCTION at_risk_changes_subscriptions();
--> statement-breakpoint
-- A name changed: the member's place in every list of each organisation they belong to.
CREATE OR REPLACE FUNCTION at_risk_changes_names() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO at_risk_changes (organisation_id, user_id, from_day, to_day)
  SELECT m.organisation_id, m.user_id, '-infinity'::date, 'infinity'::date
  FROM (
    SELECT n.id FROM at_risk_users_old o JOIN at_risk_users_new n ON n.id = o.id
    WHERE lower(o.name) IS DISTINCT FROM lower(n.name)
  ) u
  CROSS JOIN LATERAL (
    SELECT s.organisation_id, s.user_id FROM subscriptions s WHERE s.user_id = u.id
    UNION
    SELECT om.organisation_id, om.user_id FROM organisation_members om WHERE om.user_id = u.id
  ) m;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER at_risk_changes_names
  AFTER UPDATE ON users REFERENCING OLD TABLE AS at_risk_users_old NEW TABLE AS at_risk_users_new
  FOR EACH STATEMENT EXECUTE FUNCTION at_risk_changes_names();
--> statement-breakpoint
-- Every kept list and change forgotten (lists are kept again when next read): after anything that
-- bypasses the triggers above (bench/data.ts's load) and whenever member_visit_weeks is rebuilt.
CREATE OR REPLACE FUNCTION at_risk_lists_forget() RETURNS void
  LANGUAGE sql AS $$
  DELETE FROM at_risk_lists;
  DELETE FROM at_risk_changes;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION at_risk_lists_forget_on_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM at_risk_lists_forget();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER at_risk_lists_forget_visit_weeks
  AFTER TRUNCATE ON member_visit_weeks
  FOR EACH STATEMENT EXECUTE FUNCTION at_risk_lists_forget_on_truncate();
