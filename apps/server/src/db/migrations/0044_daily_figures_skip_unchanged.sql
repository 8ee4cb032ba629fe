-- The dashboard's daily figures (0022) are kept by statement triggers that take every updated row's old
-- figures away and add its new ones. A payment's or charge's update that changes none of what the figures
-- read (a payment given its provider's id, a charge marked paid or first failed: the charged amount counts
-- on its due date, whatever its status) took the same figures away and added them back: two reads of the
-- membership and price and two upserts of the day's row, for nothing. 2,000 such updates in the demo's
-- first start (issue 27). The update triggers of charges and payments now pass on only the rows whose
-- figures' inputs changed, and do nothing when there are none; the figures are the same, since an
-- unchanged row's old and new figures are equal (both read the membership as it is now). Inserts, deletes,
-- refunds and visits keep 0022's daily_gym_figures_on_change.
CREATE OR REPLACE FUNCTION daily_gym_figures_on_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  old_charges charges[];
  new_charges charges[];
  old_payments payments[];
  new_payments payments[];
BEGIN
  IF TG_TABLE_NAME = 'charges' THEN
    -- charge_day_figures reads the organisation, due date, membership and amounts.
    SELECT coalesce(array_agg(ROW(o.*)::charges), '{}'), coalesce(array_agg(ROW(n.*)::charges), '{}')
      INTO old_charges, new_charges
    FROM dashboard_rows_old o JOIN dashboard_rows_new n ON n.id = o.id
    WHERE (o.organisation_id, o.due_date, o.subscription_id, o.amount, o.surcharge)
      IS DISTINCT FROM (n.organisation_id, n.due_date, n.subscription_id, n.amount, n.surcharge);
    IF cardinality(old_charges) > 0 THEN
      PERFORM daily_gym_figures_add(charge_day_figures(old_charges, -1));
      PERFORM daily_gym_figures_add(charge_day_figures(new_charges, 1));
    END IF;
  ELSE
    -- payment_day_figures reads the organisation, day made, gym, membership, status and amounts.
    SELECT coalesce(array_agg(ROW(o.*)::payments), '{}'), coalesce(array_agg(ROW(n.*)::payments), '{}')
      INTO old_payments, new_payments
    FROM dashboard_rows_old o JOIN dashboard_rows_new n ON n.id = o.id
    WHERE (o.organisation_id, o.created_at, o.gym_id, o.subscription_id, o.status, o.amount, o.surcharge)
      IS DISTINCT FROM (n.organisation_id, n.created_at, n.gym_id, n.subscription_id, n.status, n.amount, n.surcharge);
    IF cardinality(old_payments) > 0 THEN
      PERFORM daily_gym_figures_add(payment_day_figures(old_payments, -1));
      PERFORM daily_gym_figures_add(payment_day_figures(new_payments, 1));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER daily_gym_figures_update AFTER UPDATE ON charges
  REFERENCING OLD TABLE AS dashboard_rows_old NEW TABLE AS dashboard_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_gym_figures_on_update();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER daily_gym_figures_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS dashboard_rows_old NEW TABLE AS dashboard_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION daily_gym_figures_on_update();
