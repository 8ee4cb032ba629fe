-- The collections report's facts (0027, 0028) worked out once a transaction, at its commit, instead of once
-- a statement (issue 27). A payment's answer updates its attempt, then its charge, in one transaction, and
-- each statement's trigger worked the same charge's facts out again (an eight-way read of its attempts and
-- the activity log, then the totals taken away and added back): 5,822 times in the demo's first start,
-- a fifth of its database time. The triggers now only note which charges changed; a deferred trigger works
-- them out once, together, as the transaction commits (the webhooks' group commit puts up to 50 answers in
-- one), from the rows as they are then. The report reads committed totals only, so what it shows is the
-- same; only a statement inside the changing transaction would see the totals before its own change.
--
-- The charges waiting for their commit: a row lives only inside its transaction (the commit's trigger
-- takes it), so the table is unlogged. Two transactions noting one charge take turns on its key, as they
-- did on the charge's lock. Its rows are an organisation's, like the facts (decision 014).
CREATE UNLOGGED TABLE IF NOT EXISTS "charge_collection_pending" (
  "organisation_id" bigint NOT NULL,
  "charge_id" bigint NOT NULL,
  CONSTRAINT "charge_collection_pending_pkey" PRIMARY KEY ("organisation_id", "charge_id")
);
--> statement-breakpoint
-- 0027's refresh, unchanged, under the name it now has: the given charges' facts worked out again, now.
ALTER FUNCTION charge_collection_refresh(bigint[]) RENAME TO charge_collection_refresh_now;
--> statement-breakpoint
-- What the statement triggers (charge_collection_on_change) call: the charges noted for the commit, in key
-- order (a charge the statement deleted by the facts it had).
CREATE OR REPLACE FUNCTION charge_collection_refresh(ids bigint[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO charge_collection_pending (organisation_id, charge_id)
  SELECT c.organisation_id, c.id FROM charges c WHERE c.id = ANY(ids)
  UNION
  SELECT f.organisation_id, f.charge_id FROM charge_collection_facts f WHERE f.charge_id = ANY(ids)
  ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
-- At the commit: every charge the transaction noted, worked out once. It fires for each row noted; the
-- first takes them all, the rest find none.
CREATE OR REPLACE FUNCTION charge_collection_at_commit() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  WITH taken AS (DELETE FROM charge_collection_pending RETURNING charge_id)
  SELECT array_agg(charge_id ORDER BY charge_id) INTO ids FROM taken;
  PERFORM charge_collection_refresh_now(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER charge_collection_at_commit AFTER INSERT ON charge_collection_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION charge_collection_at_commit();
