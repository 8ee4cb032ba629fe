CREATE TABLE "billing_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"app_time_at" timestamp with time zone NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dev_clock_one_row" CHECK ("dev_clock"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "charges_failed_unpaid" ON "charges" USING btree ("first_failed_at") WHERE "charges"."status" = 'unpaid' and "charges"."first_failed_at" is not null;--> statement-breakpoint
CREATE INDEX "subscription_pauses_due" ON "subscription_pauses" USING btree ("start_date") WHERE "subscription_pauses"."applied_at" is null and "subscription_pauses"."cancelled_at" is null;