-- The daily billing run reads only the day's work (issue 27, the clock): each claim of a day finds its rows
-- by an index instead of walking every membership (a year of a 10,000-member gym is 365 such walks, several
-- a day). The next charge's date is the same expression the run's claim uses (billing-run.repository.ts
-- NEXT_DUE): a membership is due when it is on or before the day. Not partial, so that ANALYZE keeps the
-- expression's statistics and the planner sees how few are due (it walked the primary key otherwise).
CREATE INDEX IF NOT EXISTS "subscriptions_next_due" ON "subscriptions" USING btree
  ((CASE WHEN "current_period_start" IS NULL THEN "start_date" ELSE "current_period_end" END), "id");--> statement-breakpoint
-- Grace that ran out unpaid (the run's first step), among the few memberships in grace.
CREATE INDEX IF NOT EXISTS "subscriptions_grace_ends" ON "subscriptions" USING btree ("grace_period_ends_at", "id")
  WHERE "grace_period_ends_at" IS NOT NULL AND "cancelled_at" IS NULL;--> statement-breakpoint
-- Terms ending on the day.
CREATE INDEX IF NOT EXISTS "subscriptions_term_ends" ON "subscriptions" USING btree ("term_ends_at", "id")
  WHERE "is_term_membership" AND "cancelled_at" IS NULL;
