-- The owner's reports (issue 29) read the base tables; these indexes keep each read to the rows it needs.
-- Collections: a charge's attempts in order (its first rail and failure, the attempt that collected it).
CREATE INDEX IF NOT EXISTS "payments_charge_attempt" ON "payments" USING btree ("charge_id", "attempt", "id")
  INCLUDE ("status", "type", "error_status", "processed_by") WHERE "charge_id" IS NOT NULL;--> statement-breakpoint
-- Collections and the forecast: the charges falling due in a period, whatever their status.
CREATE INDEX IF NOT EXISTS "charges_org_due" ON "charges" USING btree ("organisation_id", "due_date")
  INCLUDE ("subscription_id", "amount", "surcharge", "status", "first_failed_at");--> statement-breakpoint
-- Churn: the cancellation transitions of a month, without the organisation's other activity.
CREATE INDEX IF NOT EXISTS "activity_log_org_cancellations" ON "activity_log" USING btree ("organisation_id", "created_at")
  INCLUDE ("subject_id") WHERE "action" IN ('subscription.cancelled', 'subscription.cancelled_for_non_payment')
  AND "subject_type" = 'subscription';--> statement-breakpoint
-- Debtors: the last payment mail sent to a member.
CREATE INDEX IF NOT EXISTS "outbound_emails_user_payment_mail" ON "outbound_emails" USING btree ("user_id", "created_at")
  WHERE "status" = 'sent' AND "template" IN ('payment_failed', 'first_payment_failed', 'grace_ending', 'payment_reminder', 'cancelled_non_payment');
