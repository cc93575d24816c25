CREATE TABLE "local_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"subscription_id" text,
	"period_start" timestamp with time zone,
	"metadata" text DEFAULT '{}' NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_charges_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "local_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"member_ref" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_customers_member_ref_unique" UNIQUE("member_ref")
);
--> statement-breakpoint
CREATE TABLE "local_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"card_name" text,
	"postal_code" text,
	"behaviour" text NOT NULL,
	"detached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"charge_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"metadata" text DEFAULT '{}' NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "local_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"interval" text NOT NULL,
	"status" text NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"metadata" text DEFAULT '{}' NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_subscriptions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "local_charges" ADD CONSTRAINT "local_charges_customer_id_local_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "local_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_charges" ADD CONSTRAINT "local_charges_payment_method_id_local_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "local_payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_charges" ADD CONSTRAINT "local_charges_subscription_id_local_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "local_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_payment_methods" ADD CONSTRAINT "local_payment_methods_customer_id_local_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "local_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_refunds" ADD CONSTRAINT "local_refunds_charge_id_local_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "local_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_subscriptions" ADD CONSTRAINT "local_subscriptions_customer_id_local_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "local_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_subscriptions" ADD CONSTRAINT "local_subscriptions_payment_method_id_local_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "local_payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_charges_customer_idx" ON "local_charges" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "local_charges_term_paid_idx" ON "local_charges" USING btree ("subscription_id","period_start") WHERE "local_charges"."status" = 'succeeded' and "local_charges"."subscription_id" is not null;--> statement-breakpoint
CREATE INDEX "local_payment_methods_customer_idx" ON "local_payment_methods" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "local_refunds_charge_idx" ON "local_refunds" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "local_subscriptions_customer_idx" ON "local_subscriptions" USING btree ("customer_id");