-- 0042's deferred trigger fires at the commit once for every charge the transaction noted (a constraint
-- trigger is a row trigger): the first firing takes every noted charge and works them out, and each of the
-- others ran a DELETE that found nothing and a call with no ids. A billing batch notes 100 charges, so
-- 99 firings in 100 were that (9,900 empty DELETEs in the billing benchmark's 10,000 firings). Now noting
-- marks the transaction as having charges to take, the first firing clears the mark as it takes them,
-- and a firing that finds the mark cleared returns at once.
--
-- The mark is a setting local to the transaction: rolled back with it (or with the savepoint that noted),
-- and gone at its end. Working the facts out writes no charge and no attempt, so nothing is noted while
-- the commit's firings run; a charge noted after an earlier firing in the same transaction (constraints
-- set immediate) sets the mark again, and its own row's firing takes it.
CREATE OR REPLACE FUNCTION charge_collection_noted() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('gym.charge_collection_noted', 'yes', true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER charge_collection_noted AFTER INSERT ON charge_collection_pending
  FOR EACH STATEMENT EXECUTE FUNCTION charge_collection_noted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION charge_collection_at_commit() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  IF coalesce(current_setting('gym.charge_collection_noted', true), '') <> 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('gym.charge_collection_noted', 'no', true);
  WITH taken AS (DELETE FROM charge_collection_pending RETURNING charge_id)
  SELECT array_agg(charge_id ORDER BY charge_id) INTO ids FROM taken;
  PERFORM charge_collection_refresh_now(ids);
  RETURN NULL;
END $$;
