CREATE TABLE "mass_message_attachments" (
	"mass_message_id" bigint NOT NULL,
	"upload_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mass_message_attachments_mass_message_id_upload_id_pk" PRIMARY KEY("mass_message_id","upload_id")
);
--> statement-breakpoint
CREATE TABLE "mass_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mass_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"creator_id" bigint NOT NULL,
	"kind" text DEFAULT 'mass' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"segment" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "offer_claims" (
	"offer_id" bigint NOT NULL,
	"fan_id" bigint NOT NULL,
	"subscription_id" bigint,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_claims_offer_id_fan_id_pk" PRIMARY KEY("offer_id","fan_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_bundles" (
	"creator_id" bigint NOT NULL,
	"months" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	CONSTRAINT "subscription_bundles_creator_id_months_pk" PRIMARY KEY("creator_id","months"),
	CONSTRAINT "subscription_bundles_months" CHECK ("subscription_bundles"."months" in (3, 6, 12)),
	CONSTRAINT "subscription_bundles_discount" CHECK ("subscription_bundles"."discount_percent" between 1 and 95)
);
--> statement-breakpoint
CREATE TABLE "subscription_offers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"creator_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"trial_days" integer,
	"discount_percent" integer,
	"audience" text DEFAULT 'everyone' NOT NULL,
	"claim_limit" integer,
	"claim_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "subscription_offers_terms" CHECK (("subscription_offers"."kind" = 'trial' and "subscription_offers"."trial_days" between 1 and 90)
        or ("subscription_offers"."kind" = 'discount' and "subscription_offers"."discount_percent" between 1 and 95)),
	CONSTRAINT "subscription_offers_within_limit" CHECK ("subscription_offers"."claim_limit" is null or "subscription_offers"."claim_count" <= "subscription_offers"."claim_limit")
);
--> statement-breakpoint
CREATE TABLE "creator_daily_earnings" (
	"creator_id" bigint NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_daily_earnings_creator_id_day_source_pk" PRIMARY KEY("creator_id","day","source")
);
--> statement-breakpoint
CREATE TABLE "creator_daily_subscribers" (
	"creator_id" bigint NOT NULL,
	"day" date NOT NULL,
	"gained" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_daily_subscribers_creator_id_day_pk" PRIMARY KEY("creator_id","day")
);
--> statement-breakpoint
CREATE TABLE "creator_monthly_fans" (
	"creator_id" bigint NOT NULL,
	"month" date NOT NULL,
	"fan_id" bigint NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_monthly_fans_creator_id_month_fan_id_pk" PRIMARY KEY("creator_id","month","fan_id")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "period_months" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "is_trial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "offer_id" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "mass_message_id" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mass_message_attachments" ADD CONSTRAINT "mass_message_attachments_mass_message_id_mass_messages_id_fk" FOREIGN KEY ("mass_message_id") REFERENCES "public"."mass_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_message_attachments" ADD CONSTRAINT "mass_message_attachments_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_messages" ADD CONSTRAINT "mass_messages_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_offer_id_subscription_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."subscription_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_bundles" ADD CONSTRAINT "subscription_bundles_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_offers" ADD CONSTRAINT "subscription_offers_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_daily_earnings" ADD CONSTRAINT "creator_daily_earnings_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_daily_subscribers" ADD CONSTRAINT "creator_daily_subscribers_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_monthly_fans" ADD CONSTRAINT "creator_monthly_fans_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_monthly_fans" ADD CONSTRAINT "creator_monthly_fans_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mass_messages_creator_idx" ON "mass_messages" USING btree ("creator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "mass_messages_one_welcome_key" ON "mass_messages" USING btree ("creator_id") WHERE "mass_messages"."kind" = 'welcome' and "mass_messages"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_offers_code_key" ON "subscription_offers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "subscription_offers_creator_idx" ON "subscription_offers" USING btree ("creator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creator_monthly_fans_top_idx" ON "creator_monthly_fans" USING btree ("creator_id","month","spent_cents" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_mass_message_id_mass_messages_id_fk" FOREIGN KEY ("mass_message_id") REFERENCES "public"."mass_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_mass_message_idx" ON "messages" USING btree ("mass_message_id") WHERE "messages"."mass_message_id" is not null;