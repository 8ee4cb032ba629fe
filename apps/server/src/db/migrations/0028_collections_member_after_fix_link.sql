-- Collections (issue 29): a charge collected after its failure by a payment the member made possible by
-- changing their way to pay (the failure mail's fix link: a new card or bank account made their
-- membership's, logged as member.payment_type_switched with the membership's id) counts as recovered
-- "by the member", not "by retries", when the change came after the charge first failed and no later
-- than the payment that collected it. Staff (the desk, a retry now) still come first, then the member's
-- pay-now, then staff's retry; anything else is the engine's retries, as before (migration 0027).
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
        WHEN EXISTS (SELECT 1 FROM activity_log a WHERE a.subject_type = 'user' AND a.subject_id = s.user_id
          AND a.action = 'member.payment_type_switched' AND a.organisation_id = c.organisation_id
          AND a.data->>'subscription_id' = c.subscription_id::text
          AND a.created_at >= c.first_failed_at AND a.created_at <= p.created_at) THEN 'member'
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
-- As 0027's, and a member's change of their way to pay works out again their membership's charges that
-- had failed by then (the change may be written after the payment it made possible).
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
    SELECT array_agg(x.id) INTO ids FROM (
      SELECT p.charge_id AS id FROM collection_rows_new n JOIN payments p ON p.id = n.subject_id
      WHERE n.subject_type = 'payment' AND n.action IN ('payment.retried_by_member', 'payment.retried_by_staff')
        AND p.charge_id IS NOT NULL
      UNION
      SELECT c.id FROM collection_rows_new n
      JOIN subscriptions s ON s.organisation_id = n.organisation_id AND s.user_id = n.subject_id
        AND s.id::text = n.data->>'subscription_id'
      JOIN charges c ON c.subscription_id = s.id
      WHERE n.subject_type = 'user' AND n.action = 'member.payment_type_switched'
        AND c.first_failed_at IS NOT NULL AND c.first_failed_at <= n.created_at) x;
  ELSIF TG_TABLE_NAME = 'subscriptions' THEN
    SELECT array_agg(c.id) INTO ids FROM collection_rows_new n JOIN collection_rows_old o ON o.id = n.id
    JOIN charges c ON c.subscription_id = n.id
    WHERE (n.gym_id, n.is_staging) IS DISTINCT FROM (o.gym_id, o.is_staging);
  END IF;
  PERFORM charge_collection_refresh(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The charges already counted as recovered by retries whose member changed their way to pay: worked out
-- again under the rule above.
SELECT charge_collection_refresh(ARRAY(
  SELECT f.charge_id FROM charge_collection_facts f
  JOIN charges c ON c.id = f.charge_id
  JOIN subscriptions s ON s.id = c.subscription_id
  WHERE f.recovered_by = 'retries' AND EXISTS (SELECT 1 FROM activity_log a WHERE a.subject_type = 'user'
    AND a.subject_id = s.user_id AND a.action = 'member.payment_type_switched')
  ORDER BY f.charge_id));
