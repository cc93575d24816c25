CREATE TABLE "local_account_links" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"return_url" text NOT NULL,
	"refresh_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_connect_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"bank_account_holder" text,
	"bank_last4" text,
	"bank_added_at" timestamp with time zone,
	"tax_form" text,
	"tax_name" text,
	"tax_business_name" text,
	"tax_id_last4" text,
	"tax_signature" text,
	"tax_signed_at" timestamp with time zone,
	"updated_at" timestamp with time zone,
	"metadata" text DEFAULT '{}' NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_connect_accounts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "local_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"metadata" text DEFAULT '{}' NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "bank_last4" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "local_account_links" ADD CONSTRAINT "local_account_links_account_id_local_connect_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "local_connect_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_transfers" ADD CONSTRAINT "local_transfers_account_id_local_connect_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "local_connect_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_account_links_account_idx" ON "local_account_links" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "local_transfers_account_idx" ON "local_transfers" USING btree ("account_id");