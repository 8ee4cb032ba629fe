-- Staff may take part of what a member owes at the desk (BILLING.md "Failure, grace and arrears"): a
-- payment that pays part of its charge (a manual part payment, or the attempt or manual payment that
-- pays what is left of a part-paid charge) is marked `pays_part`. A charge still has at most one
-- successful payment of its whole total (the index below), and its part payments never add up to more
-- than its total (the engine checks that with the charge row locked).
ALTER TABLE payments ADD COLUMN pays_part boolean DEFAULT false NOT NULL;
--> statement-breakpoint
DROP INDEX payments_one_success_per_charge;
--> statement-breakpoint
CREATE UNIQUE INDEX payments_one_success_per_charge ON payments USING btree (charge_id)
  WHERE status = 'sent' AND NOT pays_part;
