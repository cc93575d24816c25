DROP INDEX "artists_name_trgm_idx";--> statement-breakpoint
DROP INDEX "albums_name_trgm_idx";--> statement-breakpoint
DROP INDEX "songs_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "artists_name_trgm_idx" ON "artists" USING gist (lower("name") gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "albums_name_trgm_idx" ON "albums" USING gist (lower("name") gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "songs_title_trgm_idx" ON "songs" USING gist (lower("title") gist_trgm_ops);