-- Members at risk marked contacted by staff, with what was said (issue 29): the at-risk report shows the
-- latest, and a month on sets those contacted against those not.
CREATE TABLE "at_risk_contacts" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "organisation_id" bigint NOT NULL REFERENCES "organisations"("id"),
  "user_id" bigint NOT NULL REFERENCES "users"("id"),
  "contacted_by" bigint REFERENCES "users"("id"),
  "note" text NOT NULL,
  "contacted_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "at_risk_contacts_org_user" ON "at_risk_contacts" USING btree ("organisation_id","user_id","contacted_at");--> statement-breakpoint
CREATE INDEX "at_risk_contacts_org_contacted" ON "at_risk_contacts" USING btree ("organisation_id","contacted_at");--> statement-breakpoint
-- Each organisation admin's weekly digest email, on unless they switch it off.
ALTER TABLE "organisation_staff" ADD COLUMN "weekly_digest" boolean DEFAULT true NOT NULL;
