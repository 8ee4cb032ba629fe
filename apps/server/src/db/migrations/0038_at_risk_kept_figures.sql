-- The at-risk report at a million members (issue 29, decision 019's last addendum): a kept list also keeps
-- its figures, so a read corrects them for the changed members instead of counting every kept row.
-- at_risk_list_rows.stayed: the member holds a membership of the organisation not cancelled and not
-- staging (the follow-up's "stayed"), as of the list's snapshot. at_risk_lists.members / .stayed: how
-- many members the whole organisation's list holds (its `latest` rows) and how many of them stayed.
-- Lists kept before lack them: forgotten (the next read or the scheduled work writes them again).
ALTER TABLE "at_risk_list_rows" ADD COLUMN IF NOT EXISTS "stayed" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE "at_risk_lists" ADD COLUMN IF NOT EXISTS "members" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "at_risk_lists" ADD COLUMN IF NOT EXISTS "stayed" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
SELECT at_risk_lists_forget();
--> statement-breakpoint
-- "Stayed" reads every membership of the member now, whatever its days: any change to a membership (a new
-- one, a cancellation, a deletion, …) makes the member changed for every kept list (from '-infinity'), so
-- a list's kept "stayed" holds for every member not changed since its snapshot. Wider than the days the
-- list itself can move: those members are only worked out again (exact either way).
CREATE OR REPLACE FUNCTION at_risk_changes_subscriptions() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO at_risk_changes (organisation_id, user_id, from_day, to_day)
    SELECT DISTINCT n.organisation_id, n.user_id, '-infinity'::date, 'infinity'::date FROM at_risk_subscriptions_new n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO at_risk_changes (organisation_id, user_id, from_day, to_day)
    SELECT DISTINCT o.organisation_id, o.user_id, '-infinity'::date, 'infinity'::date FROM at_risk_subscriptions_old o;
  ELSE
    INSERT INTO at_risk_changes (organisation_id, user_id, from_day, to_day)
    SELECT DISTINCT x.organisation_id, x.user_id, '-infinity'::date, 'infinity'::date
    FROM at_risk_subscriptions_old o JOIN at_risk_subscriptions_new n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.organisation_id, o.user_id), (n.organisation_id, n.user_id)) x(organisation_id, user_id)
    WHERE (o.organisation_id, o.user_id, o.gym_id, o.is_staging, o.start_date, o.cancelled_at) IS DISTINCT FROM
          (n.organisation_id, n.user_id, n.gym_id, n.is_staging, n.start_date, n.cancelled_at);
  END IF;
  RETURN NULL;
END $$;
