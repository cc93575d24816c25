CREATE TABLE "payout_accounts" (
	"artist_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"tax_form" text,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period" text NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_id" uuid NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"held_reason" text,
	"provider" text,
	"account_id" text,
	"transfer_id" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"idempotency_key" text,
	"failure_message" text,
	"run_id" uuid,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('held', 'pending', 'paid', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
DROP INDEX "ledger_entries_term_idx";--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "terminated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "terminated_by" uuid;--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "termination_reason" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_ref_idx" ON "payout_accounts" USING btree ("provider","account_id");--> statement-breakpoint
CREATE INDEX "payout_runs_period_idx" ON "payout_runs" USING btree ("period","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_artist_period_idx" ON "payouts" USING btree ("artist_id","period");--> statement-breakpoint
CREATE INDEX "payouts_period_idx" ON "payouts" USING btree ("period","status");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_term_idx" ON "ledger_entries" USING btree ("subscription_id","term_number","kind") WHERE "ledger_entries"."kind" in ('charge', 'artist_credit', 'provider_fee') and "ledger_entries"."subscription_id" is not null;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge', 'refund', 'dispute', 'artist_credit', 'artist_debit', 'artist_payout', 'provider_fee'));