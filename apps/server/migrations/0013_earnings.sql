CREATE TABLE "song_play_months" (
	"song_id" uuid NOT NULL,
	"artist_id" uuid NOT NULL,
	"month" date NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "song_play_months_song_id_month_pk" PRIMARY KEY("song_id","month")
);
--> statement-breakpoint
ALTER TABLE "song_play_months" ADD CONSTRAINT "song_play_months_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "song_play_months_artist_idx" ON "song_play_months" USING btree ("artist_id","month");--> statement-breakpoint
CREATE INDEX "ledger_entries_artist_time_idx" ON "ledger_entries" USING btree ("artist_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");