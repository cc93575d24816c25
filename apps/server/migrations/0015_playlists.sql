ALTER TABLE "playlists" ADD COLUMN "picks_month" text;--> statement-breakpoint
CREATE INDEX "playlist_songs_song_idx" ON "playlist_songs" USING btree ("song_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlists_picks_month_title_idx" ON "playlists" USING btree ("picks_month","title");--> statement-breakpoint
CREATE INDEX "playlists_created_idx" ON "playlists" USING btree ("created_at");