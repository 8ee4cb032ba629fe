CREATE TABLE "payment_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"gym_id" bigint NOT NULL,
	"payment_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"method" text NOT NULL,
	"stripe_refund_id" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount" > 0),
	CONSTRAINT "payment_refunds_method" CHECK ("payment_refunds"."method" in ('stripe','bank_transfer_by_gym'))
);
--> statement-breakpoint
CREATE TABLE "membership_door_checks" (
	"organisation_id" bigint NOT NULL,
	"subscription_id" bigint NOT NULL,
	"due_on" date NOT NULL,
	CONSTRAINT "membership_door_checks_subscription_id_due_on_pk" PRIMARY KEY("subscription_id","due_on")
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_door_checks" ADD CONSTRAINT "membership_door_checks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_door_checks" ADD CONSTRAINT "membership_door_checks_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_one_per_reason" ON "payment_refunds" USING btree ("payment_id","reason");--> statement-breakpoint
CREATE INDEX "payment_refunds_org_created" ON "payment_refunds" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "membership_door_checks_due" ON "membership_door_checks" USING btree ("due_on");--> statement-breakpoint
-- A cooling-off refund used to mark its payment (and charge) refunded; the payment was collected and
-- stays so, with the refund recorded beside it.
INSERT INTO "payment_refunds" ("organisation_id", "gym_id", "payment_id", "amount", "reason", "method", "created_at")
SELECT p."organisation_id", p."gym_id", p."id", (p."meta"->>'refunded')::int, 'cooling_off',
  coalesce(p."meta"->>'refund_method', 'bank_transfer_by_gym'), p."updated_at"
FROM "payments" p WHERE p."status" = 'refunded' AND (p."meta"->>'refunded')::int > 0;--> statement-breakpoint
UPDATE "charges" SET "status" = 'paid' WHERE "status" = 'refunded' AND EXISTS (
  SELECT 1 FROM "payments" p WHERE p."charge_id" = "charges"."id" AND p."status" = 'refunded' AND (p."meta"->>'refunded')::int > 0);--> statement-breakpoint
UPDATE "payments" SET "status" = 'sent' WHERE "status" = 'refunded' AND ("meta"->>'refunded')::int > 0;
