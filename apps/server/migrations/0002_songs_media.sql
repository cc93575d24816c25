ALTER TABLE "albums" ADD COLUMN "artwork_key" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "media_prefix" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "original_key" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "original_file_name" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "original_size" bigint;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "upload_id" text;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "download_files" jsonb;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "peaks" jsonb;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "loudness" jsonb;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "processed_at" timestamp with time zone;