-- The owner's collections report (issue 29) from a summary a few hundred rows long whatever the
-- organisation's size, kept the way 0022 keeps the dashboard's (docs/decisions/016-report-summaries.md):
-- 1. charge_collection_facts: each charge of a real (not staging) membership with what the report asks
--    of it: the month it fell due, its membership's gym, its first attempt's payment type (its rail), its
--    first failed attempt's error status, its status, whether it ever failed, and who collected it after
--    a failure (the desk or staff's retry now: staff; the member's pay-now: member; else the engine's
--    retries). '' stands for none, so the totals' key has no nulls.
-- 2. collection_month_totals: those facts counted and summed by organisation, month, gym and the rest:
--    the report reads the months asked, a few hundred rows.
-- Kept by statement-level triggers on charges, payments, the activity log's payment retries and the
-- subscriptions whose gym or staging changes: each statement works its charges' facts out again, takes
-- their old facts from the totals and adds the new.
CREATE TABLE IF NOT EXISTS "charge_collection_facts" (
  "charge_id" bigint PRIMARY KEY NOT NULL,
  "organisation_id" bigint NOT NULL,
  "month" date NOT NULL,
  "gym_id" bigint NOT NULL,
  "first_type" text NOT NULL,
  "failure" text NOT NULL,
  "status" text NOT NULL,
  "failed" boolean NOT NULL,
  "recovered_by" text NOT NULL,
  "total" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "collection_month_totals" (
  "organisation_id" bigint NOT NULL,
  "month" date NOT NULL,
  "gym_id" bigint NOT NULL,
  "first_type" text NOT NULL,
  "failure" text NOT NULL,
  "status" text NOT NULL,
  "failed" boolean NOT NULL,
  "recovered_by" text NOT NULL,
  "charges" integer NOT NULL,
  "amount" bigint NOT NULL,
  CONSTRAINT "collection_month_totals_pkey" PRIMARY KEY ("organisation_id", "month", "gym_id", "first_type", "failure",
    "status", "failed", "recovered_by")
);
--> statement-breakpoint
-- The facts of the given charges as the rows say now (none for a charge gone or of a staging membership).
CREATE OR REPLACE FUNCTION charge_collection_rows(ids bigint[]) RETURNS SETOF charge_collection_facts
  LANGUAGE sql STABLE AS $$
  SELECT c.id, c.organisation_id, date_trunc('month', c.due_date)::date, s.gym_id,
    coalesce((SELECT p.type FROM payments p WHERE p.charge_id = c.id ORDER BY p.attempt, p.id LIMIT 1), ''),
    CASE WHEN c.first_failed_at IS NOT NULL THEN coalesce((SELECT coalesce(p.error_status, 'UNKNOWN') FROM payments p
      WHERE p.charge_id = c.id AND p.status IN ('failed', 'declined', 'error', 'cancelled', 'disputed')
      ORDER BY p.attempt, p.id LIMIT 1), '') ELSE '' END,
    c.status,
    c.first_failed_at IS NOT NULL,
    CASE WHEN c.first_failed_at IS NOT NULL AND c.status IN ('paid', 'refunded') THEN coalesce((
      SELECT CASE
        WHEN p.processed_by IS NOT NULL OR p.type IN ('cash', 'eftpos', 'bank_transfer', 'credit') THEN 'staff'
        WHEN EXISTS (SELECT 1 FROM activity_log a WHERE a.subject_type = 'payment' AND a.subject_id = p.id
          AND a.action = 'payment.retried_by_member') THEN 'member'
        WHEN EXISTS (SELECT 1 FROM activity_log a WHERE a.subject_type = 'payment' AND a.subject_id = p.id
          AND a.action = 'payment.retried_by_staff') THEN 'staff'
        ELSE 'retries' END
      FROM payments p WHERE p.charge_id = c.id AND p.status = 'sent' ORDER BY p.attempt DESC, p.id DESC LIMIT 1),
      'retries') ELSE '' END,
    (c.amount + c.surcharge)::bigint
  FROM (SELECT DISTINCT i.id FROM unnest(ids) AS i(id)) i
  JOIN charges c ON c.id = i.id
  JOIN subscriptions s ON s.id = c.subscription_id
  WHERE NOT s.is_staging
$$;
--> statement-breakpoint
-- Adds the facts of the given charges to the totals, times k (1 to add, -1 to take away), in key order.
CREATE OR REPLACE FUNCTION collection_month_totals_add(ids bigint[], k integer) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO collection_month_totals AS t (organisation_id, month, gym_id, first_type, failure, status, failed,
    recovered_by, charges, amount)
  SELECT f.organisation_id, f.month, f.gym_id, f.first_type, f.failure, f.status, f.failed, f.recovered_by,
    k * count(*), k * sum(f.total)
  FROM charge_collection_facts f WHERE f.charge_id = ANY(ids)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT (organisation_id, month, gym_id, first_type, failure, status, failed, recovered_by) DO UPDATE SET
    charges = t.charges + excluded.charges,
    amount = t.amount + excluded.amount
$$;
--> statement-breakpoint
-- Works the given charges' facts out again: their charges locked first (in id order) so two statements
-- touching one charge take turns, then the old facts taken from the totals, replaced, and the new added.
CREATE OR REPLACE FUNCTION charge_collection_refresh(ids bigint[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM charges c WHERE c.id = ANY(ids) ORDER BY c.id FOR NO KEY UPDATE;
  PERFORM collection_month_totals_add(ids, -1);
  DELETE FROM charge_collection_facts f WHERE f.charge_id = ANY(ids);
  INSERT INTO charge_collection_facts SELECT * FROM charge_collection_rows(ids);
  PERFORM collection_month_totals_add(ids, 1);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION charge_collection_on_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  IF TG_TABLE_NAME = 'charges' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(n.id) INTO ids FROM collection_rows_new n;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(o.id) INTO ids FROM collection_rows_old o;
    ELSE
      SELECT array_agg(n.id) INTO ids FROM collection_rows_new n JOIN collection_rows_old o ON o.id = n.id
      WHERE (n.due_date, n.amount, n.surcharge, n.status, n.first_failed_at, n.subscription_id)
        IS DISTINCT FROM (o.due_date, o.amount, o.surcharge, o.status, o.first_failed_at, o.subscription_id);
    END IF;
  ELSIF TG_TABLE_NAME = 'payments' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(n.charge_id) INTO ids FROM collection_rows_new n WHERE n.charge_id IS NOT NULL;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(o.charge_id) INTO ids FROM collection_rows_old o WHERE o.charge_id IS NOT NULL;
    ELSE
      SELECT array_agg(x.charge_id) INTO ids FROM (
        SELECT n.charge_id FROM collection_rows_new n JOIN collection_rows_old o ON o.id = n.id
        WHERE (n.charge_id, n.attempt, n.type, n.status, n.error_status, n.processed_by)
          IS DISTINCT FROM (o.charge_id, o.attempt, o.type, o.status, o.error_status, o.processed_by)
        UNION
        SELECT o.charge_id FROM collection_rows_new n JOIN collection_rows_old o ON o.id = n.id
        WHERE n.charge_id IS DISTINCT FROM o.charge_id) x
      WHERE x.charge_id IS NOT NULL;
    END IF;
  ELSIF TG_TABLE_NAME = 'activity_log' THEN
    SELECT array_agg(p.charge_id) INTO ids FROM collection_rows_new n JOIN payments p ON p.id = n.subject_id
    WHERE n.subject_type = 'payment' AND n.action IN ('payment.retried_by_member', 'payment.retried_by_staff')
      AND p.charge_id IS NOT NULL;
  ELSIF TG_TABLE_NAME = 'subscriptions' THEN
    SELECT array_agg(c.id) INTO ids FROM collection_rows_new n JOIN collection_rows_old o ON o.id = n.id
    JOIN charges c ON c.subscription_id = n.id
    WHERE (n.gym_id, n.is_staging) IS DISTINCT FROM (o.gym_id, o.is_staging);
  END IF;
  PERFORM charge_collection_refresh(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER charge_collection_insert AFTER INSERT ON charges REFERENCING NEW TABLE AS collection_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION charge_collection_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER charge_collection_delete AFTER DELETE ON charges REFERENCING OLD TABLE AS collection_rows_old
  FOR EACH STATEMENT EXECUTE FUNCTION charge_collection_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER charge_collection_update AFTER UPDATE ON charges
  REFERENCING OLD TABLE AS collection_rows_old NEW TABLE AS collection_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION charge_collection_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER charge_collection_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS collection_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION charge_collection_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER charge_collection_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS collection_rows_old
  FOR EACH STATEMENT EXECUTE FUNCTION charge_collection_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER charge_collection_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS collection_rows_old NEW TABLE AS collection_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION charge_collection_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER charge_collection_insert AFTER INSERT ON activity_log
  REFERENCING NEW TABLE AS collection_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION charge_collection_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER charge_collection_update AFTER UPDATE ON subscriptions
  REFERENCING OLD TABLE AS collection_rows_old NEW TABLE AS collection_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION charge_collection_on_change();
--> statement-breakpoint
-- Every charge's facts and the totals worked out again from the rows: for existing data here, and for
-- bench/data.ts after its trigger-less bulk load (anything bypassing triggers must call it).
CREATE OR REPLACE FUNCTION report_summaries_rebuild() RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  lo bigint;
  hi bigint;
BEGIN
  TRUNCATE charge_collection_facts, collection_month_totals;
  SELECT min(id), max(id) INTO lo, hi FROM charges;
  WHILE lo <= hi LOOP
    INSERT INTO charge_collection_facts
    SELECT * FROM charge_collection_rows(ARRAY(SELECT c.id FROM charges c WHERE c.id >= lo AND c.id < lo + 100000));
    lo := lo + 100000;
  END LOOP;
  INSERT INTO collection_month_totals (organisation_id, month, gym_id, first_type, failure, status, failed,
    recovered_by, charges, amount)
  SELECT f.organisation_id, f.month, f.gym_id, f.first_type, f.failure, f.status, f.failed, f.recovered_by,
    count(*), sum(f.total)
  FROM charge_collection_facts f
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
END $$;
--> statement-breakpoint
SELECT report_summaries_rebuild();
--> statement-breakpoint
-- Debtors: when each owing membership's debt began (its earliest failed charge still unpaid), one index
-- lookup per debtor instead of intersecting every failed unpaid charge of the organisation with each.
CREATE INDEX IF NOT EXISTS "charges_subscription_failed_unpaid" ON "charges" USING btree ("subscription_id", "due_date")
  WHERE "status" = 'unpaid' AND "first_failed_at" IS NOT NULL;
