ALTER TABLE "outbound_emails" ADD COLUMN "key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "html" text NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "text" text NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_emails_key" ON "outbound_emails" USING btree ("key");--> statement-breakpoint
CREATE INDEX "outbound_emails_unsent" ON "outbound_emails" USING btree ("id") WHERE "outbound_emails"."status" = 'queued';--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD CONSTRAINT "outbound_emails_status" CHECK ("outbound_emails"."status" in ('queued','sent','failed','skipped'));