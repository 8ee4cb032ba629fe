-- Who stopped coming, member by member (issue 27: the dashboard's ten longest away at a million members).
-- stopped_coming_counts (0022) gives how many; finding the ten walked the members by last visit and looked
-- up each one's membership until ten were found (thousands of lookups where most who never came are not
-- paying members). stopped_coming_members keeps the same rows as those counts, one per member (and per
-- gym: for_organisation false), with their last visit, so the ten are the first rows of an index: read
-- in last-visit order (never first), skipping the few with a recent start or a pause begun.
-- Kept by stopped_coming_add, which every change of the counts already goes through (subscriptions'
-- statements, last visits, the rebuild): it now also takes away the member rows its members had and adds
-- the ones they have, only those that differ.
CREATE TABLE IF NOT EXISTS "stopped_coming_members" (
  "organisation_id" bigint NOT NULL,
  "for_organisation" boolean NOT NULL,
  "gym_id" bigint NOT NULL,
  "user_id" bigint NOT NULL,
  -- the membership counted (the latest by start date, then id: in the organisation, or in the gym)
  "subscription_id" bigint NOT NULL,
  "start_date" date NOT NULL,
  "since" date NOT NULL,
  "paused_on" date NOT NULL,
  "last_visit_at" timestamp with time zone,
  CONSTRAINT "stopped_coming_members_pkey" PRIMARY KEY ("organisation_id", "for_organisation", "user_id", "gym_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stopped_coming_members_by_last_visit" ON "stopped_coming_members"
  ("organisation_id", "for_organisation", "gym_id", "last_visit_at" NULLS FIRST, "user_id")
  INCLUDE ("since", "paused_on");
--> statement-breakpoint
-- stopped_coming_rows (0022) with the member, their membership and their last visit.
CREATE OR REPLACE FUNCTION stopped_coming_member_rows(subs subscriptions[], seen organisation_members[])
  RETURNS SETOF stopped_coming_members
  LANGUAGE sql STABLE AS $$
  WITH s AS (SELECT * FROM unnest(subs) x WHERE NOT x.is_staging),
  held AS (
    (SELECT DISTINCT ON (s.organisation_id, s.user_id) true AS for_organisation, s.*
     FROM s ORDER BY s.organisation_id, s.user_id, s.start_date DESC, s.id DESC)
    UNION ALL
    (SELECT DISTINCT ON (s.organisation_id, s.user_id, s.gym_id) false, s.*
     FROM s ORDER BY s.organisation_id, s.user_id, s.gym_id, s.start_date DESC, s.id DESC))
  SELECT h.organisation_id, h.for_organisation, h.gym_id, h.user_id, h.id, h.start_date,
    greatest(h.start_date, (m.last_visit_at AT TIME ZONE 'Pacific/Auckland')::date),
    coalesce((h.paused_at AT TIME ZONE 'Pacific/Auckland')::date, 'infinity'),
    m.last_visit_at
  FROM held h
  LEFT JOIN unnest(seen) m ON m.organisation_id = h.organisation_id AND m.user_id = h.user_id
  WHERE h.cancelled_at IS NULL AND h.grace_period_ends_at IS NULL AND coalesce(h.upcoming_state, '') = ''
$$;
--> statement-breakpoint
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
  DO UPDATE SET members = t.members + excluded.members;
  -- The member rows: those the members had and no longer have go, those they have and had not come.
  DELETE FROM stopped_coming_members t
  USING (SELECT * FROM stopped_coming_member_rows(subs_before, seen_before)
         EXCEPT SELECT * FROM stopped_coming_member_rows(subs_after, seen_after)) d
  WHERE t.organisation_id = d.organisation_id AND t.for_organisation = d.for_organisation
    AND t.user_id = d.user_id AND t.gym_id = d.gym_id;
  INSERT INTO stopped_coming_members AS t
  SELECT * FROM (SELECT * FROM stopped_coming_member_rows(subs_after, seen_after)
                 EXCEPT SELECT * FROM stopped_coming_member_rows(subs_before, seen_before)) a
  ORDER BY 1, 2, 4, 3
  ON CONFLICT (organisation_id, for_organisation, user_id, gym_id) DO UPDATE SET
    subscription_id = excluded.subscription_id, start_date = excluded.start_date, since = excluded.since,
    paused_on = excluded.paused_on, last_visit_at = excluded.last_visit_at
$$;
--> statement-breakpoint
-- dashboard_summaries_rebuild (0022) empties the counts before adding every member again: the member
-- rows go with them.
CREATE OR REPLACE FUNCTION stopped_coming_members_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE stopped_coming_members;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER stopped_coming_counts_truncate
  AFTER TRUNCATE ON stopped_coming_counts
  FOR EACH STATEMENT EXECUTE FUNCTION stopped_coming_members_truncate();
--> statement-breakpoint
-- The rows of the members already held, in one pass (as the rebuild's stopped_coming_rows would give).
INSERT INTO stopped_coming_members
SELECT h.organisation_id, h.for_organisation, h.gym_id, h.user_id, h.id, h.start_date,
  greatest(h.start_date, (m.last_visit_at AT TIME ZONE 'Pacific/Auckland')::date),
  coalesce((h.paused_at AT TIME ZONE 'Pacific/Auckland')::date, 'infinity'),
  m.last_visit_at
FROM (
  (SELECT DISTINCT ON (s.organisation_id, s.user_id) true AS for_organisation, s.*
   FROM subscriptions s WHERE NOT s.is_staging
   ORDER BY s.organisation_id, s.user_id, s.start_date DESC, s.id DESC)
  UNION ALL
  (SELECT DISTINCT ON (s.organisation_id, s.user_id, s.gym_id) false, s.*
   FROM subscriptions s WHERE NOT s.is_staging
   ORDER BY s.organisation_id, s.user_id, s.gym_id, s.start_date DESC, s.id DESC)) h
LEFT JOIN organisation_members m ON m.organisation_id = h.organisation_id AND m.user_id = h.user_id
WHERE h.cancelled_at IS NULL AND h.grace_period_ends_at IS NULL AND coalesce(h.upcoming_state, '') = ''
ON CONFLICT DO NOTHING;
