-- Members at risk (issue 29) from a summary of their visit days instead of their visits
-- (docs/decisions/019-at-risk-visit-weeks-and-forecast-groups.md). The report counts, per member, the Auckland calendar days
-- with an allowed visit in the baseline days and in the recent days (AT_RISK_RULES, atRiskWindow): it
-- read every visit of six weeks (distinct days per member), which at 100,000 members had not answered
-- after minutes. member_visit_weeks keeps one row per member and Auckland week (from Monday) with an
-- allowed visit: bit i of `days` set when they visited on the week's day i (0 Monday … 6 Sunday). Any
-- run of days is then read from the few weeks it touches (visit_days_between), whatever the number of
-- visits.
-- Kept by statement-level triggers on visits (insert, update, delete): each member and week a statement
-- touched is worked out again from their visits (a few rows, by visits_user_visited), the member's
-- organisation_members row locked first (in order) so two statements on one member take turns and the
-- second reads the first's visits, as 0029 does.
CREATE TABLE IF NOT EXISTS "member_visit_weeks" (
  "organisation_id" bigint NOT NULL,
  "user_id" bigint NOT NULL,
  -- the Monday of the Auckland week
  "week" date NOT NULL,
  -- bit i: an allowed visit on week + i (Auckland days); never 0 (the row goes)
  "days" smallint NOT NULL,
  CONSTRAINT "member_visit_weeks_pkey" PRIMARY KEY ("organisation_id", "user_id", "week")
);
--> statement-breakpoint
-- The Auckland week (its Monday) of an instant.
CREATE OR REPLACE FUNCTION auckland_week(at timestamp with time zone) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_trunc('week', at AT TIME ZONE 'Pacific/Auckland')::date
$$;
--> statement-breakpoint
-- How many of the days first … last (inclusive) a week's row says were visited.
CREATE OR REPLACE FUNCTION visit_days_between(days integer, week date, first date, last date) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN last < week OR first > week + 6 OR last < first THEN 0
    ELSE bit_count((days & ((2 << least(last - week, 6)) - (1 << greatest(first - week, 0))))::bit(8))::integer END
$$;
--> statement-breakpoint
-- The given members' weeks worked out again from their allowed visits.
CREATE OR REPLACE FUNCTION member_visit_weeks_refresh(touched member_visit_weeks[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM organisation_members m
  WHERE (m.organisation_id, m.user_id) IN (SELECT t.organisation_id, t.user_id FROM unnest(touched) t)
  ORDER BY m.organisation_id, m.user_id FOR NO KEY UPDATE;
  DELETE FROM member_visit_weeks w USING unnest(touched) t
  WHERE w.organisation_id = t.organisation_id AND w.user_id = t.user_id AND w.week = t.week;
  INSERT INTO member_visit_weeks AS w (organisation_id, user_id, week, days)
  SELECT t.organisation_id, t.user_id, t.week,
    bit_or(1 << ((v.visited_at AT TIME ZONE 'Pacific/Auckland')::date - t.week))::smallint
  FROM (SELECT DISTINCT x.organisation_id, x.user_id, x.week FROM unnest(touched) x) t
  JOIN visits v ON v.user_id = t.user_id AND v.organisation_id = t.organisation_id AND v.successful
    AND v.visited_at >= (t.week::timestamp AT TIME ZONE 'Pacific/Auckland')
    AND v.visited_at < ((t.week + 7)::timestamp AT TIME ZONE 'Pacific/Auckland')
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (organisation_id, user_id, week) DO UPDATE SET days = excluded.days;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_visit_weeks_on_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  touched member_visit_weeks[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(n.organisation_id, n.user_id, auckland_week(n.visited_at), 0)::member_visit_weeks)
    INTO touched FROM visit_weeks_new n WHERE n.successful;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(o.organisation_id, o.user_id, auckland_week(o.visited_at), 0)::member_visit_weeks)
    INTO touched FROM visit_weeks_old o WHERE o.successful;
  ELSE
    SELECT array_agg(x.r) INTO touched FROM (
      SELECT ROW(o.organisation_id, o.user_id, auckland_week(o.visited_at), 0)::member_visit_weeks AS r
      FROM visit_weeks_old o JOIN visit_weeks_new n ON n.id = o.id
      WHERE o.successful AND (o.organisation_id, o.user_id, o.visited_at, o.successful)
        IS DISTINCT FROM (n.organisation_id, n.user_id, n.visited_at, n.successful)
      UNION ALL
      SELECT ROW(n.organisation_id, n.user_id, auckland_week(n.visited_at), 0)::member_visit_weeks
      FROM visit_weeks_old o JOIN visit_weeks_new n ON n.id = o.id
      WHERE n.successful AND (o.organisation_id, o.user_id, o.visited_at, o.successful)
        IS DISTINCT FROM (n.organisation_id, n.user_id, n.visited_at, n.successful)) x;
  END IF;
  IF touched IS NOT NULL THEN
    PERFORM member_visit_weeks_refresh(touched);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER member_visit_weeks_insert
  AFTER INSERT ON visits REFERENCING NEW TABLE AS visit_weeks_new
  FOR EACH STATEMENT EXECUTE FUNCTION member_visit_weeks_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER member_visit_weeks_delete
  AFTER DELETE ON visits REFERENCING OLD TABLE AS visit_weeks_old
  FOR EACH STATEMENT EXECUTE FUNCTION member_visit_weeks_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER member_visit_weeks_update
  AFTER UPDATE ON visits REFERENCING OLD TABLE AS visit_weeks_old NEW TABLE AS visit_weeks_new
  FOR EACH STATEMENT EXECUTE FUNCTION member_visit_weeks_on_change();
--> statement-breakpoint
-- Every member's weeks from the visits, in one pass: the migration's backfill, and bench/data.ts after
-- its trigger-less load (and anything else that bypasses the triggers).
CREATE OR REPLACE FUNCTION member_visit_weeks_rebuild() RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE member_visit_weeks;
  INSERT INTO member_visit_weeks (organisation_id, user_id, week, days)
  SELECT d.organisation_id, d.user_id, d.week, bit_or(1 << (d.day - d.week))::smallint
  FROM (SELECT v.organisation_id, v.user_id, (v.visited_at AT TIME ZONE 'Pacific/Auckland')::date AS day,
          auckland_week(v.visited_at) AS week
        FROM visits v WHERE v.successful) d
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
SELECT member_visit_weeks_rebuild();
--> statement-breakpoint
-- The weeks of a window for the whole organisation (the report's total reads every member's); built
-- after the backfill, in one pass.
CREATE INDEX IF NOT EXISTS "member_visit_weeks_by_week" ON "member_visit_weeks"
  ("organisation_id", "week") INCLUDE ("user_id", "days");
