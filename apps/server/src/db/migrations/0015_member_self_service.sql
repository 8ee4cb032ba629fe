-- The member's own account on the join site (issue 24): the organisation's tax details printed on
-- receipts (New Zealand taxable supply information), what members may do online (pauses and their
-- limits, cancelling), and email-address changes waiting for the code sent to the new address.
ALTER TABLE "organisations" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "gst_number" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "member_pauses_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "member_pause_min_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "member_pause_max_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "member_pauses_per_year" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "member_pause_notice_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "member_online_cancellation" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_member_pause_days" CHECK ("member_pause_min_days" between 1 and 365 and "member_pause_max_days" between "member_pause_min_days" and 365);--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_member_pause_counts" CHECK ("member_pauses_per_year" between 0 and 12 and "member_pause_notice_days" between 0 and 90);--> statement-breakpoint
CREATE TABLE "email_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"new_email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_user" ON "email_changes" USING btree ("user_id","created_at");
