-- The payments and visits lists at scale (100,000 members, two million payments and visits):
-- 1. Their pages read ids in the list's order (newest first, id breaking ties) from covering indexes that
--    also hold every filter's column but the member's (payments_user_created and visits_user_visited serve
--    that), so a filtered page is read from the index alone and the names are
--    joined for the page's rows only. Failed payments (3 %) and refused visits (1 %) have their own.
-- 2. The totals a page shows for its filter come from per-day summaries (one row per Auckland day, gym,
--    type, status, retry and pro rata; per day, gym, door and result for visits), kept by statement-level
--    triggers with transition tables (a batch of the billing run's attempts is one upsert per group;
--    unchanged rows, such as a poll count going up, change nothing), rows upserted in key order so two
--    transactions take the same rows' locks in the same order. 30 days of totals add up about 1,100
--    summary rows instead of a quarter of a million payments (bench database, 100,000 members).
CREATE INDEX IF NOT EXISTS "payments_org_created_id" ON "payments" USING btree ("organisation_id", "created_at", "id") INCLUDE ("status", "gym_id", "type", "is_retry", "is_pro_rata");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_org_failed_created" ON "payments" USING btree ("organisation_id", "created_at", "id") INCLUDE ("gym_id", "type", "is_retry", "is_pro_rata") WHERE "status" NOT IN ('sent', 'upcoming', 'pending_request');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "visits_org_visited_id" ON "visits" USING btree ("organisation_id", "visited_at", "id") INCLUDE ("gym_id", "door_id", "successful");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "visits_org_refused_visited" ON "visits" USING btree ("organisation_id", "visited_at", "id") INCLUDE ("gym_id", "door_id") WHERE NOT "successful";--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "payment_day_totals" (
  "organisation_id" bigint NOT NULL,
  "day" date NOT NULL,
  "gym_id" bigint NOT NULL,
  "type" text NOT NULL,
  "status" text NOT NULL,
  "is_retry" boolean NOT NULL,
  "is_pro_rata" boolean NOT NULL,
  "payments" bigint NOT NULL,
  -- amount + surcharge, cents
  "total" bigint NOT NULL,
  CONSTRAINT "payment_day_totals_pkey" PRIMARY KEY ("organisation_id", "day", "gym_id", "type", "status", "is_retry", "is_pro_rata")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "visit_day_counts" (
  "organisation_id" bigint NOT NULL,
  "day" date NOT NULL,
  "gym_id" bigint NOT NULL,
  -- 0: a visit with no door
  "door_id" bigint NOT NULL,
  "successful" boolean NOT NULL,
  "visits" bigint NOT NULL,
  CONSTRAINT "visit_day_counts_pkey" PRIMARY KEY ("organisation_id", "day", "gym_id", "door_id", "successful")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_day_totals_on_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_day_totals AS t (organisation_id, day, gym_id, type, status, is_retry, is_pro_rata, payments, total)
  SELECT c.organisation_id, c.day, c.gym_id, c.type, c.status, c.is_retry, c.is_pro_rata, sum(c.n), sum(c.amount)
  FROM (
    SELECT n.organisation_id, (n.created_at AT TIME ZONE 'Pacific/Auckland')::date AS day, n.gym_id, n.type,
      n.status, n.is_retry, n.is_pro_rata, 1 AS n, (n.amount + n.surcharge)::bigint AS amount
    FROM payment_rows_new n
  ) c
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(c.n) <> 0 OR sum(c.amount) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (organisation_id, day, gym_id, type, status, is_retry, is_pro_rata)
  DO UPDATE SET payments = t.payments + excluded.payments, total = t.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_day_totals_on_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_day_totals AS t (organisation_id, day, gym_id, type, status, is_retry, is_pro_rata, payments, total)
  SELECT c.organisation_id, c.day, c.gym_id, c.type, c.status, c.is_retry, c.is_pro_rata, sum(c.n), sum(c.amount)
  FROM (
    SELECT o.organisation_id, (o.created_at AT TIME ZONE 'Pacific/Auckland')::date AS day, o.gym_id, o.type,
      o.status, o.is_retry, o.is_pro_rata, -1 AS n, -(o.amount + o.surcharge)::bigint AS amount
    FROM payment_rows_old o
  ) c
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(c.n) <> 0 OR sum(c.amount) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (organisation_id, day, gym_id, type, status, is_retry, is_pro_rata)
  DO UPDATE SET payments = t.payments + excluded.payments, total = t.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_day_totals_on_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_day_totals AS t (organisation_id, day, gym_id, type, status, is_retry, is_pro_rata, payments, total)
  SELECT c.organisation_id, c.day, c.gym_id, c.type, c.status, c.is_retry, c.is_pro_rata, sum(c.n), sum(c.amount)
  FROM (
    SELECT o.organisation_id, (o.created_at AT TIME ZONE 'Pacific/Auckland')::date AS day, o.gym_id, o.type,
      o.status, o.is_retry, o.is_pro_rata, -1 AS n, -(o.amount + o.surcharge)::bigint AS amount
    FROM payment_rows_old o JOIN payment_rows_new n ON n.id = o.id
    WHERE (o.organisation_id, o.created_at, o.gym_id, o.type, o.status, o.is_retry, o.is_pro_rata, o.amount, o.surcharge)
      IS DISTINCT FROM (n.organisation_id, n.created_at, n.gym_id, n.type, n.status, n.is_retry, n.is_pro_rata, n.amount, n.surcharge)
    UNION ALL
    SELECT n.organisation_id, (n.created_at AT TIME ZONE 'Pacific/Auckland')::date AS day, n.gym_id, n.type,
      n.status, n.is_retry, n.is_pro_rata, 1 AS n, (n.amount + n.surcharge)::bigint AS amount
    FROM payment_rows_old o JOIN payment_rows_new n ON n.id = o.id
    WHERE (o.organisation_id, o.created_at, o.gym_id, o.type, o.status, o.is_retry, o.is_pro_rata, o.amount, o.surcharge)
      IS DISTINCT FROM (n.organisation_id, n.created_at, n.gym_id, n.type, n.status, n.is_retry, n.is_pro_rata, n.amount, n.surcharge)
  ) c
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(c.n) <> 0 OR sum(c.amount) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (organisation_id, day, gym_id, type, status, is_retry, is_pro_rata)
  DO UPDATE SET payments = t.payments + excluded.payments, total = t.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER payment_day_totals_insert
  AFTER INSERT ON payments REFERENCING NEW TABLE AS payment_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_on_insert();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER payment_day_totals_delete
  AFTER DELETE ON payments REFERENCING OLD TABLE AS payment_rows_old
  FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_on_delete();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER payment_day_totals_update
  AFTER UPDATE ON payments REFERENCING OLD TABLE AS payment_rows_old NEW TABLE AS payment_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_on_update();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION visit_day_counts_on_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO visit_day_counts AS t (organisation_id, day, gym_id, door_id, successful, visits)
  SELECT c.organisation_id, c.day, c.gym_id, c.door_id, c.successful, sum(c.n)
  FROM (
    SELECT n.organisation_id, (n.visited_at AT TIME ZONE 'Pacific/Auckland')::date AS day, n.gym_id,
      coalesce(n.door_id, 0) AS door_id, n.successful, 1 AS n
    FROM visit_rows_new n
  ) c
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(c.n) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organisation_id, day, gym_id, door_id, successful)
  DO UPDATE SET visits = t.visits + excluded.visits;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION visit_day_counts_on_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO visit_day_counts AS t (organisation_id, day, gym_id, door_id, successful, visits)
  SELECT c.organisation_id, c.day, c.gym_id, c.door_id, c.successful, sum(c.n)
  FROM (
    SELECT o.organisation_id, (o.visited_at AT TIME ZONE 'Pacific/Auckland')::date AS day, o.gym_id,
      coalesce(o.door_id, 0) AS door_id, o.successful, -1 AS n
    FROM visit_rows_old o
  ) c
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(c.n) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organisation_id, day, gym_id, door_id, successful)
  DO UPDATE SET visits = t.visits + excluded.visits;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION visit_day_counts_on_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO visit_day_counts AS t (organisation_id, day, gym_id, door_id, successful, visits)
  SELECT c.organisation_id, c.day, c.gym_id, c.door_id, c.successful, sum(c.n)
  FROM (
    SELECT o.organisation_id, (o.visited_at AT TIME ZONE 'Pacific/Auckland')::date AS day, o.gym_id,
      coalesce(o.door_id, 0) AS door_id, o.successful, -1 AS n
    FROM visit_rows_old o JOIN visit_rows_new n ON n.id = o.id
    WHERE (o.organisation_id, o.visited_at, o.gym_id, o.door_id, o.successful)
      IS DISTINCT FROM (n.organisation_id, n.visited_at, n.gym_id, n.door_id, n.successful)
    UNION ALL
    SELECT n.organisation_id, (n.visited_at AT TIME ZONE 'Pacific/Auckland')::date AS day, n.gym_id,
      coalesce(n.door_id, 0) AS door_id, n.successful, 1 AS n
    FROM visit_rows_old o JOIN visit_rows_new n ON n.id = o.id
    WHERE (o.organisation_id, o.visited_at, o.gym_id, o.door_id, o.successful)
      IS DISTINCT FROM (n.organisation_id, n.visited_at, n.gym_id, n.door_id, n.successful)
  ) c
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(c.n) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organisation_id, day, gym_id, door_id, successful)
  DO UPDATE SET visits = t.visits + excluded.visits;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER visit_day_counts_insert
  AFTER INSERT ON visits REFERENCING NEW TABLE AS visit_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION visit_day_counts_on_insert();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER visit_day_counts_delete
  AFTER DELETE ON visits REFERENCING OLD TABLE AS visit_rows_old
  FOR EACH STATEMENT EXECUTE FUNCTION visit_day_counts_on_delete();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER visit_day_counts_update
  AFTER UPDATE ON visits REFERENCING OLD TABLE AS visit_rows_old NEW TABLE AS visit_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION visit_day_counts_on_update();
--> statement-breakpoint
-- Both summaries from scratch: here for the payments and visits already there, and after a bulk load that
-- ran without triggers (bench:data loads with session_replication_role = replica).
CREATE OR REPLACE FUNCTION day_totals_rebuild() RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM payment_day_totals;
  INSERT INTO payment_day_totals (organisation_id, day, gym_id, type, status, is_retry, is_pro_rata, payments, total)
  SELECT organisation_id, (created_at AT TIME ZONE 'Pacific/Auckland')::date, gym_id, type, status, is_retry,
    is_pro_rata, count(*), sum(amount + surcharge)
  FROM payments GROUP BY 1, 2, 3, 4, 5, 6, 7
  -- In key order, so a range of days sits in a few pages, as the rows the triggers add day by day do.
  ORDER BY 1, 2, 3, 4, 5, 6, 7;
  DELETE FROM visit_day_counts;
  INSERT INTO visit_day_counts (organisation_id, day, gym_id, door_id, successful, visits)
  SELECT organisation_id, (visited_at AT TIME ZONE 'Pacific/Auckland')::date, gym_id, coalesce(door_id, 0),
    successful, count(*)
  FROM visits GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
SELECT day_totals_rebuild();
