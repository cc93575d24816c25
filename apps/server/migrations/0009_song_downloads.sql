CREATE TABLE "song_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"format" text NOT NULL,
	"kept" boolean NOT NULL,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_downloads_format_check" CHECK ("song_downloads"."format" in ('flac', 'mp3', 'wav'))
);
--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "download_sizes" jsonb;--> statement-breakpoint
ALTER TABLE "song_downloads" ADD CONSTRAINT "song_downloads_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_downloads" ADD CONSTRAINT "song_downloads_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "song_downloads_member_song_idx" ON "song_downloads" USING btree ("member_id","song_id","downloaded_at");--> statement-breakpoint
CREATE INDEX "song_downloads_song_idx" ON "song_downloads" USING btree ("song_id");