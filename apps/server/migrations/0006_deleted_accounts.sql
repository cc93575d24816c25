CREATE TABLE "deleted_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"account_created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_by" uuid NOT NULL,
	"retain_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_status_check";--> statement-breakpoint
CREATE INDEX "deleted_accounts_email_idx" ON "deleted_accounts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "deleted_accounts_retain_until_idx" ON "deleted_accounts" USING btree ("retain_until");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("users"."status" in ('UNCONFIRMED', 'ACTIVE', 'SUSPENDED', 'DELETED'));