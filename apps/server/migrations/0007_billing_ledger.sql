CREATE TABLE "billing_customers" (
	"member_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_customers_member_id_provider_pk" PRIMARY KEY("member_id","provider")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"member_id" uuid,
	"artist_id" uuid,
	"subscription_id" uuid,
	"term_number" integer,
	"provider" text,
	"provider_charge_id" text,
	"provider_ref_id" text,
	"payable_from" timestamp with time zone,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge', 'refund', 'dispute', 'artist_credit', 'artist_debit'))
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "term_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "failure_message" text;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customers_ref_idx" ON "billing_customers" USING btree ("provider","customer_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_artist_idx" ON "ledger_entries" USING btree ("artist_id","kind");--> statement-breakpoint
CREATE INDEX "ledger_entries_member_idx" ON "ledger_entries" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_term_idx" ON "ledger_entries" USING btree ("subscription_id","term_number","kind") WHERE "ledger_entries"."kind" in ('charge', 'artist_credit') and "ledger_entries"."subscription_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_provider_ref_idx" ON "ledger_entries" USING btree ("provider","kind","provider_ref_id") WHERE "ledger_entries"."provider_ref_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_user_ref_idx" ON "payment_cards" USING btree ("user_id","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_live_idx" ON "subscriptions" USING btree ("member_id","artist_id") WHERE "subscriptions"."status" in ('incomplete', 'active', 'past_due');--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_request_key_idx" ON "subscriptions" USING btree ("member_id","request_key");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_attempt_at");