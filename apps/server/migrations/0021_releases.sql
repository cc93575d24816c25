CREATE TABLE "release_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_id" uuid NOT NULL,
	"first_release_at" timestamp with time zone NOT NULL,
	"last_release_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"fan_out_cursor" uuid,
	"fanned_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"artist_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone,
	"claim_token" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"skipped" boolean DEFAULT false NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_mails_artist_off" (
	"member_id" uuid NOT NULL,
	"artist_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_mails_artist_off_member_id_artist_id_pk" PRIMARY KEY("member_id","artist_id")
);
--> statement-breakpoint
CREATE TABLE "release_mails_off" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_songs" (
	"song_id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"released_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "release_batches" ADD CONSTRAINT "release_batches_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_mails" ADD CONSTRAINT "release_mails_batch_id_release_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "release_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_mails" ADD CONSTRAINT "release_mails_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_mails" ADD CONSTRAINT "release_mails_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_mails_artist_off" ADD CONSTRAINT "release_mails_artist_off_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_mails_artist_off" ADD CONSTRAINT "release_mails_artist_off_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_mails_off" ADD CONSTRAINT "release_mails_off_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_songs" ADD CONSTRAINT "release_songs_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_songs" ADD CONSTRAINT "release_songs_batch_id_release_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "release_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "release_batches_open_artist_idx" ON "release_batches" USING btree ("artist_id") WHERE "release_batches"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "release_batches_fan_out_idx" ON "release_batches" USING btree ("closed_at") WHERE "release_batches"."fanned_out_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "release_mails_batch_member_idx" ON "release_mails" USING btree ("batch_id","member_id");--> statement-breakpoint
CREATE INDEX "release_mails_due_idx" ON "release_mails" USING btree ("next_attempt_at") WHERE "release_mails"."sent_at" is null and "release_mails"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "release_mails_member_idx" ON "release_mails" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "release_songs_batch_idx" ON "release_songs" USING btree ("batch_id");