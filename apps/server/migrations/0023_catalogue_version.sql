CREATE TABLE "catalogue_version" (
	"shard" serial PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "songs_release_at_idx" ON "songs" USING btree ("release_at");--> statement-breakpoint
CREATE INDEX "songs_release_date_idx" ON "songs" USING btree ("release_date");--> statement-breakpoint
-- The catalogue's version (docs/decisions/0059): sixteen shards to start with; a writer adds one when all are held.
INSERT INTO "catalogue_version" ("version") SELECT 0 FROM generate_series(1, 16);--> statement-breakpoint
-- Once per writing statement (but a play count's), in its transaction: one more on a shard no other transaction holds (the first
-- from a place that depends on the backend, so connections rarely meet), never waiting on another writer, and
-- a notification delivered at commit (to this process's own connection too, before its COMMIT returns).
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
	chosen integer;
BEGIN
	-- A counted listen (songs.plays + 1) says so for its one statement: play counts may show up to a minute late
	-- (the cache's age limit) instead of every listen emptying the cache.
	IF current_setting('hfm.catalogue_counters_only', true) = 'on' THEN
		RETURN NULL;
	END IF;
	SELECT "shard" INTO chosen FROM "catalogue_version"
		ORDER BY ("shard" + pg_backend_pid()) % 16, "shard" LIMIT 1 FOR UPDATE SKIP LOCKED;
	IF chosen IS NULL THEN
		INSERT INTO "catalogue_version" ("version") VALUES (1);
	ELSE
		UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "shard" = chosen;
	END IF;
	-- The schema (tests share a database) and the transaction: every listening connection of a process hears
	-- each commit, and counts it once.
	PERFORM pg_notify('hfm_catalogue', current_schema() || ' ' || txid_current()::text);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "artists_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "artists" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "artist_photos_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "artist_photos" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "songs_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "songs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "albums_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "albums" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "album_songs_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "album_songs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "playlists_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "playlists" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "playlist_songs_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "playlist_songs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "genres_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "genres" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
-- Of users, the read models show only the profile image (an artist's picture).
CREATE TRIGGER "users_catalogue_version" AFTER INSERT OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "users_profile_image_catalogue_version" AFTER UPDATE OF "profile_image" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
