CREATE TABLE "payment_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"member_id" uuid NOT NULL,
	"subscription_id" uuid,
	"artist_id" uuid,
	"artist_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"term_number" integer,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"failure_reason" text,
	"retry_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_receipts_kind_check" CHECK ("payment_receipts"."kind" in ('charge', 'renewal', 'refund', 'dispute', 'failed_renewal'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipts_source_idx" ON "payment_receipts" USING btree ("source_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipts_number_idx" ON "payment_receipts" USING btree ("number");--> statement-breakpoint
CREATE INDEX "payment_receipts_member_idx" ON "payment_receipts" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_provider_charge_idx" ON "ledger_entries" USING btree ("provider","provider_charge_id");--> statement-breakpoint
CREATE INDEX "subscriptions_incomplete_idx" ON "subscriptions" USING btree ("created_at") WHERE "subscriptions"."status" = 'incomplete';