CREATE TABLE "song_formats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"song_id" uuid NOT NULL,
	"format" text NOT NULL,
	"state" text DEFAULT 'preparing' NOT NULL,
	"storage_key" text,
	"bytes" bigint,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_formats_state_check" CHECK ("song_formats"."state" in ('preparing', 'ready', 'failed')),
	CONSTRAINT "song_formats_format_check" CHECK ("song_formats"."format" in ('alac', 'aiff', 'mp3-v0', 'aac', 'vorbis', 'opus'))
);
--> statement-breakpoint
ALTER TABLE "song_downloads" DROP CONSTRAINT "song_downloads_format_check";--> statement-breakpoint
ALTER TABLE "song_formats" ADD CONSTRAINT "song_formats_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "song_formats_song_format_key" ON "song_formats" USING btree ("song_id","format");--> statement-breakpoint
ALTER TABLE "song_downloads" ADD CONSTRAINT "song_downloads_format_check" CHECK ("song_downloads"."format" in ('flac', 'alac', 'aiff', 'wav', 'mp3', 'mp3-v0', 'aac', 'vorbis', 'opus'));