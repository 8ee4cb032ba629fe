-- A card payment the cardholder disputes with their bank is 'disputed' (Stripe's charge.dispute.*), and a
-- gym's connected Stripe account says whether it can take charges now (Stripe's account.updated).
ALTER TABLE "payments" DROP CONSTRAINT "payments_status";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status" CHECK ("payments"."status" in ('upcoming','pending_request','sent','failed','declined','error','cancelled','refunded','disputed'));--> statement-breakpoint
ALTER TABLE "gyms" ADD COLUMN "stripe_charges_enabled" boolean;--> statement-breakpoint
ALTER TABLE "gyms" ADD COLUMN "stripe_disabled_reason" text;
