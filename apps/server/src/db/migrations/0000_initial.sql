CREATE TABLE "access_control_integrations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_control_integrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"integration_type" text DEFAULT 'kisi' NOT NULL,
	"api_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_control_integrations_type" CHECK ("access_control_integrations"."integration_type" in ('kisi'))
);
--> statement-breakpoint
CREATE TABLE "access_credentials" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"place_id" bigint NOT NULL,
	"external_user_id" text,
	"login_id" text,
	"role_assignment_id" text,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_credentials_status" CHECK ("access_credentials"."status" in ('active','revoked'))
);
--> statement-breakpoint
CREATE TABLE "doors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "doors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"place_id" bigint NOT NULL,
	"door_id" text NOT NULL,
	"name" text NOT NULL,
	"tracks_visits" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "places_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"gym_id" bigint NOT NULL,
	"integration_id" bigint NOT NULL,
	"place_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"gym_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"door_id" bigint,
	"visited_at" timestamp with time zone NOT NULL,
	"successful" boolean DEFAULT true NOT NULL,
	"external_event_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint,
	"provider" text NOT NULL,
	"event_type" text,
	"external_id" text,
	"signature_valid" boolean NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payload" jsonb,
	"raw_body" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "webhook_calls_provider" CHECK ("webhook_calls"."provider" in ('akahu','stripe','kisi')),
	CONSTRAINT "webhook_calls_status" CHECK ("webhook_calls"."status" in ('received','processed','rejected','failed','duplicate','ignored'))
);
--> statement-breakpoint
CREATE TABLE "akahu_connections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "akahu_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"access_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"payment_type_id" bigint PRIMARY KEY NOT NULL,
	"organisation_id" bigint NOT NULL,
	"akahu_account_id" text NOT NULL,
	"account_number" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"payment_type_id" bigint PRIMARY KEY NOT NULL,
	"organisation_id" bigint NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"stripe_payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"last_four" text NOT NULL,
	"country" text
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"subscription_id" bigint NOT NULL,
	"kind" text DEFAULT 'period' NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date,
	"due_date" date NOT NULL,
	"amount" integer NOT NULL,
	"surcharge" integer DEFAULT 0 NOT NULL,
	"is_pro_rata" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"first_failed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_kind" CHECK ("charges"."kind" in ('period','break_fee','manual')),
	CONSTRAINT "charges_status" CHECK ("charges"."status" in ('unpaid','paid','written_off','refunded')),
	CONSTRAINT "charges_amount" CHECK ("charges"."amount" >= 0 and "charges"."surcharge" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_types" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"gym_id" bigint,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "payment_types_type" CHECK ("payment_types"."type" in ('bank_account','stripe_card'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"gym_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"subscription_id" bigint,
	"charge_id" bigint,
	"payment_type_id" bigint,
	"destination_account_id" bigint,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"surcharge" integer DEFAULT 0 NOT NULL,
	"credit_used" integer DEFAULT 0 NOT NULL,
	"force_amount" integer,
	"period_start_at" date,
	"period_end_at" date,
	"status" text NOT NULL,
	"is_retry" boolean DEFAULT false NOT NULL,
	"is_pro_rata" boolean DEFAULT false NOT NULL,
	"is_term_membership" boolean DEFAULT false NOT NULL,
	"attempt" smallint DEFAULT 1 NOT NULL,
	"poll_count" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"akahu_sid" text,
	"akahu_id" text,
	"stripe_id" text,
	"error_status" text,
	"error_description" text,
	"processed_by" bigint,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_type" CHECK ("payments"."type" in ('bank_account','stripe_card','cash','eftpos','bank_transfer','credit')),
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('upcoming','pending_request','sent','failed','declined','error','cancelled','refunded')),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" >= 0 and "payments"."surcharge" >= 0 and "payments"."credit_used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"subscription_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"from_price_id" bigint,
	"to_price_id" bigint NOT NULL,
	"from_amount" integer NOT NULL,
	"to_amount" integer NOT NULL,
	"takes_effect_at" date NOT NULL,
	"notified_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_pauses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_pauses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"subscription_id" bigint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"credit_days" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "subscription_pauses_order" CHECK ("subscription_pauses"."end_date" > "subscription_pauses"."start_date"),
	CONSTRAINT "subscription_pauses_credit" CHECK ("subscription_pauses"."credit_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"gym_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"price_id" bigint NOT NULL,
	"payment_type_id" bigint,
	"private_price_link_id" bigint,
	"start_date" date NOT NULL,
	"anchor_day" smallint NOT NULL,
	"current_period_start" date,
	"current_period_end" date,
	"paused_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"ends_at" date,
	"cancellation_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"cancellation_comments" text,
	"undo_cancellation_until" timestamp with time zone,
	"grace_period_ends_at" date,
	"pause_days_credit" integer DEFAULT 0 NOT NULL,
	"initial_state" text,
	"upcoming_state" text,
	"transition_to_price_id" bigint,
	"transition_takes_effect_at" date,
	"force_price_amount" integer,
	"is_staging" boolean DEFAULT false NOT NULL,
	"is_term_membership" boolean DEFAULT false NOT NULL,
	"cooling_period_ends_at" date,
	"term_ends_at" date,
	"cancelled_during_cooling_off_period" boolean DEFAULT false NOT NULL,
	"balance_owing" integer DEFAULT 0 NOT NULL,
	"periods_owing" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_anchor_day" CHECK ("subscriptions"."anchor_day" between 1 and 31),
	CONSTRAINT "subscriptions_upcoming_state" CHECK ("subscriptions"."upcoming_state" is null or "subscriptions"."upcoming_state" in ('upcoming','failed')),
	CONSTRAINT "subscriptions_period_order" CHECK ("subscriptions"."current_period_end" is null or "subscriptions"."current_period_end" > "subscriptions"."current_period_start"),
	CONSTRAINT "subscriptions_money" CHECK ("subscriptions"."balance_owing" >= 0 and "subscriptions"."periods_owing" >= 0 and "subscriptions"."pause_days_credit" >= 0),
	CONSTRAINT "subscriptions_force_price" CHECK ("subscriptions"."force_price_amount" is null or "subscriptions"."force_price_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "offering_gyms" (
	"organisation_id" bigint NOT NULL,
	"offering_id" bigint NOT NULL,
	"gym_id" bigint NOT NULL,
	CONSTRAINT "offering_gyms_offering_id_gym_id_pk" PRIMARY KEY("offering_id","gym_id")
);
--> statement-breakpoint
CREATE TABLE "offering_hours" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offering_hours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"offering_id" bigint NOT NULL,
	"day" smallint NOT NULL,
	"open_at" time NOT NULL,
	"close_at" time NOT NULL,
	CONSTRAINT "offering_hours_day" CHECK ("offering_hours"."day" between 1 and 7),
	CONSTRAINT "offering_hours_order" CHECK ("offering_hours"."open_at" < "offering_hours"."close_at")
);
--> statement-breakpoint
CREATE TABLE "offerings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offerings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"gym_id" bigint,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"all_gyms_access" boolean DEFAULT false NOT NULL,
	"mandated" boolean DEFAULT false NOT NULL,
	"hours_mandated" boolean DEFAULT false NOT NULL,
	"prices_mandated" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offerings_type" CHECK ("offerings"."type" in ('24_7','limited_access')),
	CONSTRAINT "offerings_name_present" CHECK (length(trim("offerings"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"offering_id" bigint NOT NULL,
	"gym_id" bigint,
	"amount" integer NOT NULL,
	"billing_frequency" text NOT NULL,
	"joining_fee" integer DEFAULT 0 NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"term_amount" integer,
	"term_unit" text,
	"grouping_unique_identifier" uuid DEFAULT gen_random_uuid() NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prices_amount" CHECK ("prices"."amount" > 0 and "prices"."amount" <= 10000000),
	CONSTRAINT "prices_joining_fee" CHECK ("prices"."joining_fee" >= 0 and "prices"."joining_fee" <= 10000000),
	CONSTRAINT "prices_frequency" CHECK ("prices"."billing_frequency" in ('daily','weekly','fortnightly','monthly','bi_monthly','quarterly','twice_yearly','yearly','one_off')),
	CONSTRAINT "prices_term_together" CHECK (("prices"."term_amount" is null) = ("prices"."term_unit" is null)),
	CONSTRAINT "prices_term_unit" CHECK ("prices"."term_unit" is null or "prices"."term_unit" in ('days','weeks','months','years')),
	CONSTRAINT "prices_term_amount" CHECK ("prices"."term_amount" is null or "prices"."term_amount" between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "private_price_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "private_price_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"price_id" bigint NOT NULL,
	"token" text NOT NULL,
	"age_bypass" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "age_bypass_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "age_bypass_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"token" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "destination_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "destination_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"gym_id" bigint NOT NULL,
	"name" text NOT NULL,
	"bank_account_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gyms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gyms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"logo_path" text,
	"logo_updated_at" timestamp with time zone,
	"stripe_id" text,
	"stripe_connected_at" timestamp with time zone,
	"price_change_notification_reply_to" text,
	"branch_app_id" text,
	"branch_key" text,
	"branch_secret" text,
	"akahu_app_token" text,
	"akahu_app_secret" text,
	"break_fee_basis_points" integer DEFAULT 0 NOT NULL,
	"card_surcharge_basis_points" integer DEFAULT 0 NOT NULL,
	"general_card_surcharge_text" text,
	"tracks_visits" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gyms_name_present" CHECK (length(trim("gyms"."name")) > 0),
	CONSTRAINT "gyms_break_fee_range" CHECK ("gyms"."break_fee_basis_points" between 0 and 10000),
	CONSTRAINT "gyms_card_surcharge_range" CHECK ("gyms"."card_surcharge_basis_points" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organisations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"multi_gym" boolean DEFAULT false NOT NULL,
	"enable_offerings" boolean DEFAULT true NOT NULL,
	"non_stop" boolean DEFAULT true NOT NULL,
	"limited_access" boolean DEFAULT true NOT NULL,
	"weekly" boolean DEFAULT true NOT NULL,
	"fortnightly" boolean DEFAULT true NOT NULL,
	"monthly" boolean DEFAULT true NOT NULL,
	"quarterly" boolean DEFAULT false NOT NULL,
	"six_monthly" boolean DEFAULT false NOT NULL,
	"yearly" boolean DEFAULT false NOT NULL,
	"failed_payment_grace_period" integer DEFAULT 14 NOT NULL,
	"failed_payment_grace_period_unit" text DEFAULT 'days' NOT NULL,
	"term_membership_grace_period" integer DEFAULT 28 NOT NULL,
	"term_membership_grace_period_unit" text DEFAULT 'days' NOT NULL,
	"minimum_age" integer DEFAULT 16 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_name_present" CHECK (length(trim("organisations"."name")) > 0),
	CONSTRAINT "organisations_grace_unit" CHECK ("organisations"."failed_payment_grace_period_unit" in ('days','weeks','months')),
	CONSTRAINT "organisations_term_grace_unit" CHECK ("organisations"."term_membership_grace_period_unit" in ('days','weeks','months')),
	CONSTRAINT "organisations_grace_range" CHECK ("organisations"."failed_payment_grace_period" between 0 and 365),
	CONSTRAINT "organisations_term_grace_range" CHECK ("organisations"."term_membership_grace_period" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "activity_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint,
	"actor_user_id" bigint,
	"user_id" bigint,
	"subject_type" text NOT NULL,
	"subject_id" bigint,
	"action" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"organisation_id" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_tokens_kind" CHECK ("auth_tokens"."kind" in ('password_reset','invitation','two_factor'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status" CHECK ("jobs"."status" in ('queued','running','done','failed'))
);
--> statement-breakpoint
CREATE TABLE "outbound_emails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbound_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint,
	"user_id" bigint,
	"template" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"current_organisation_id" bigint,
	"current_gym_id" bigint,
	"two_factor_verified_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gym_staff" (
	"organisation_id" bigint NOT NULL,
	"gym_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gym_staff_gym_id_user_id_pk" PRIMARY KEY("gym_id","user_id"),
	CONSTRAINT "gym_staff_role" CHECK ("gym_staff"."role" in ('admin','personal_trainer'))
);
--> statement-breakpoint
CREATE TABLE "organisation_members" (
	"organisation_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"home_gym_id" bigint,
	"notes" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"confidence_and_experience" text,
	"hear_about_us" text,
	"hear_about_us_other" text,
	"is_returning_member" boolean DEFAULT false NOT NULL,
	"reauthenticate_akahu" boolean DEFAULT false NOT NULL,
	"start_date" date,
	"billing_date" date,
	"default_payment_type_id" bigint,
	"age_bypass_link_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "organisation_members_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "organisation_staff" (
	"organisation_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role" text,
	"pending_invite" boolean DEFAULT false NOT NULL,
	"invited_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"access_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "organisation_staff_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id"),
	CONSTRAINT "organisation_staff_role" CHECK ("organisation_staff"."role" is null or "organisation_staff"."role" in ('admin','personal_trainer'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"is_staff" boolean DEFAULT false NOT NULL,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"mobile_number" text,
	"dob" date,
	"email_notifications_enabled" boolean DEFAULT true NOT NULL,
	"push_notifications_enabled" boolean DEFAULT false NOT NULL,
	"payment_reminders" boolean DEFAULT true NOT NULL,
	"emergency_contact_name" text,
	"emergency_contact_email" text,
	"emergency_contact_mobile_number" text,
	"emergency_contact_relationship" text,
	"profile_picture_path" text,
	"address" text,
	"suburb" text,
	"city" text,
	"post_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_name_present" CHECK (length(trim("users"."name")) > 0),
	CONSTRAINT "users_email_shape" CHECK ("users"."email" like '%_@_%')
);
--> statement-breakpoint
ALTER TABLE "access_control_integrations" ADD CONSTRAINT "access_control_integrations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_credentials" ADD CONSTRAINT "access_credentials_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_credentials" ADD CONSTRAINT "access_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_credentials" ADD CONSTRAINT "access_credentials_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doors" ADD CONSTRAINT "doors_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doors" ADD CONSTRAINT "doors_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_integration_id_access_control_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."access_control_integrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_door_id_doors_id_fk" FOREIGN KEY ("door_id") REFERENCES "public"."doors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_calls" ADD CONSTRAINT "webhook_calls_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "akahu_connections" ADD CONSTRAINT "akahu_connections_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "akahu_connections" ADD CONSTRAINT "akahu_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_types" ADD CONSTRAINT "payment_types_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_types" ADD CONSTRAINT "payment_types_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_types" ADD CONSTRAINT "payment_types_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_destination_account_id_destination_accounts_id_fk" FOREIGN KEY ("destination_account_id") REFERENCES "public"."destination_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_from_price_id_prices_id_fk" FOREIGN KEY ("from_price_id") REFERENCES "public"."prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_to_price_id_prices_id_fk" FOREIGN KEY ("to_price_id") REFERENCES "public"."prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_price_id_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_private_price_link_id_private_price_links_id_fk" FOREIGN KEY ("private_price_link_id") REFERENCES "public"."private_price_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_transition_to_price_id_prices_id_fk" FOREIGN KEY ("transition_to_price_id") REFERENCES "public"."prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_gyms" ADD CONSTRAINT "offering_gyms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_gyms" ADD CONSTRAINT "offering_gyms_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_gyms" ADD CONSTRAINT "offering_gyms_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_hours" ADD CONSTRAINT "offering_hours_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_hours" ADD CONSTRAINT "offering_hours_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_price_links" ADD CONSTRAINT "private_price_links_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_price_links" ADD CONSTRAINT "private_price_links_price_id_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."prices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_price_links" ADD CONSTRAINT "private_price_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "age_bypass_links" ADD CONSTRAINT "age_bypass_links_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destination_accounts" ADD CONSTRAINT "destination_accounts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destination_accounts" ADD CONSTRAINT "destination_accounts_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gyms" ADD CONSTRAINT "gyms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD CONSTRAINT "outbound_emails_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD CONSTRAINT "outbound_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_current_organisation_id_organisations_id_fk" FOREIGN KEY ("current_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_current_gym_id_gyms_id_fk" FOREIGN KEY ("current_gym_id") REFERENCES "public"."gyms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_staff" ADD CONSTRAINT "gym_staff_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_staff" ADD CONSTRAINT "gym_staff_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_staff" ADD CONSTRAINT "gym_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_home_gym_id_gyms_id_fk" FOREIGN KEY ("home_gym_id") REFERENCES "public"."gyms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_staff" ADD CONSTRAINT "organisation_staff_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_staff" ADD CONSTRAINT "organisation_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_control_integrations_org" ON "access_control_integrations" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_credentials_user_place" ON "access_credentials" USING btree ("user_id","place_id");--> statement-breakpoint
CREATE INDEX "access_credentials_org" ON "access_credentials" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "doors_place_door" ON "doors" USING btree ("place_id","door_id");--> statement-breakpoint
CREATE UNIQUE INDEX "places_gym" ON "places" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "places_org" ON "places" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "visits_org_visited" ON "visits" USING btree ("organisation_id","visited_at");--> statement-breakpoint
CREATE INDEX "visits_org_gym_visited" ON "visits" USING btree ("organisation_id","gym_id","visited_at");--> statement-breakpoint
CREATE INDEX "visits_user_visited" ON "visits" USING btree ("user_id","visited_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_external_event" ON "visits" USING btree ("external_event_id");--> statement-breakpoint
CREATE INDEX "webhook_calls_provider_received" ON "webhook_calls" USING btree ("provider","received_at");--> statement-breakpoint
CREATE INDEX "webhook_calls_org_received" ON "webhook_calls" USING btree ("organisation_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_calls_processed_once" ON "webhook_calls" USING btree ("provider","external_id") WHERE "webhook_calls"."status" = 'processed';--> statement-breakpoint
CREATE INDEX "akahu_connections_user" ON "akahu_connections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_akahu" ON "bank_accounts" USING btree ("akahu_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_subscription_kind_period" ON "charges" USING btree ("subscription_id","kind","period_start");--> statement-breakpoint
CREATE INDEX "charges_org_status" ON "charges" USING btree ("organisation_id","status","due_date");--> statement-breakpoint
CREATE INDEX "payment_types_user" ON "payment_types" USING btree ("organisation_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_success_per_charge" ON "payments" USING btree ("charge_id") WHERE "payments"."status" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_in_flight_per_charge" ON "payments" USING btree ("charge_id") WHERE "payments"."status" in ('upcoming','pending_request');--> statement-breakpoint
CREATE INDEX "payments_org_created" ON "payments" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_org_status_created" ON "payments" USING btree ("organisation_id","status","created_at");--> statement-breakpoint
CREATE INDEX "payments_org_gym_created" ON "payments" USING btree ("organisation_id","gym_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_user_created" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_subscription" ON "payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "payments_pending" ON "payments" USING btree ("updated_at") WHERE "payments"."status" = 'pending_request';--> statement-breakpoint
CREATE INDEX "payments_akahu_id" ON "payments" USING btree ("akahu_id");--> statement-breakpoint
CREATE INDEX "payments_stripe_id" ON "payments" USING btree ("stripe_id");--> statement-breakpoint
CREATE INDEX "price_changes_subscription" ON "price_changes" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "price_changes_user" ON "price_changes" USING btree ("organisation_id","user_id");--> statement-breakpoint
CREATE INDEX "subscription_pauses_subscription" ON "subscription_pauses" USING btree ("subscription_id","start_date");--> statement-breakpoint
CREATE INDEX "subscriptions_org_user" ON "subscriptions" USING btree ("organisation_id","user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_org_gym" ON "subscriptions" USING btree ("organisation_id","gym_id");--> statement-breakpoint
CREATE INDEX "subscriptions_price" ON "subscriptions" USING btree ("price_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due" ON "subscriptions" USING btree ("current_period_end") WHERE "subscriptions"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "offering_gyms_gym" ON "offering_gyms" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "offering_hours_offering" ON "offering_hours" USING btree ("offering_id");--> statement-breakpoint
CREATE INDEX "offerings_org" ON "offerings" USING btree ("organisation_id","archived_at");--> statement-breakpoint
CREATE INDEX "prices_offering" ON "prices" USING btree ("offering_id");--> statement-breakpoint
CREATE INDEX "prices_org" ON "prices" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "private_price_links_token" ON "private_price_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "private_price_links_price" ON "private_price_links" USING btree ("price_id");--> statement-breakpoint
CREATE UNIQUE INDEX "age_bypass_links_token" ON "age_bypass_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "age_bypass_links_org" ON "age_bypass_links" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "destination_accounts_gym" ON "destination_accounts" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "destination_accounts_org" ON "destination_accounts" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "gyms_org" ON "gyms" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gyms_uuid" ON "gyms" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "gyms_stripe_id" ON "gyms" USING btree ("stripe_id");--> statement-breakpoint
CREATE INDEX "activity_log_org_created" ON "activity_log" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_log_user_created" ON "activity_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_log_subject" ON "activity_log" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash" ON "auth_tokens" USING btree ("kind","token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_kind" ON "auth_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_name_key" ON "jobs" USING btree ("name","key");--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "outbound_emails_org" ON "outbound_emails" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "gym_staff_user" ON "gym_staff" USING btree ("user_id","organisation_id");--> statement-breakpoint
CREATE INDEX "organisation_members_user" ON "organisation_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organisation_members_org_created" ON "organisation_members" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "organisation_members_org_gym" ON "organisation_members" USING btree ("organisation_id","home_gym_id");--> statement-breakpoint
CREATE INDEX "organisation_members_tags" ON "organisation_members" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "organisation_staff_user" ON "organisation_staff" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email" ON "users" USING btree (lower("email"));