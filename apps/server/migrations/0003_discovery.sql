CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "member_song_listens" (
	"member_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"last_counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_song_listens_member_id_song_id_pk" PRIMARY KEY("member_id","song_id")
);
--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "slug" text;--> statement-breakpoint
UPDATE "artists" SET "slug" = coalesce(nullif(left(trim(both '-' from regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g')), 60), ''), 'artist');--> statement-breakpoint
UPDATE "artists" AS a SET "slug" = a."slug" || '-' || left(a."id"::text, 8) FROM (SELECT "id", row_number() OVER (PARTITION BY "slug" ORDER BY "created_at", "id") AS n FROM "artists") AS ranked WHERE ranked."id" = a."id" AND ranked.n > 1;--> statement-breakpoint
ALTER TABLE "member_song_listens" ADD CONSTRAINT "member_song_listens_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_song_listens" ADD CONSTRAINT "member_song_listens_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "albums_name_trgm_idx" ON "albums" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "artists_slug_key" ON "artists" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "artists_name_trgm_idx" ON "artists" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "songs_title_trgm_idx" ON "songs" USING gin (lower("title") gin_trgm_ops);