import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { artists } from '../../platform/db/schema/artists.js';
import { albums, songs } from '../../platform/db/schema/catalogue.js';

/** The slug of the artist an album belongs to; null for an unknown album (the caller checks the id's form). */
export async function findAlbumArtistSlug(db: Database, albumId: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: artists.slug })
    .from(albums)
    .innerJoin(artists, eq(artists.id, albums.artistId))
    .where(eq(albums.id, albumId))
    .limit(1);
  return row?.slug ?? null;
}

/** The slug of the artist a song belongs to; null for an unknown song (the caller checks the id's form). */
export async function findSongArtistSlug(db: Database, songId: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: artists.slug })
    .from(songs)
    .innerJoin(artists, eq(artists.id, songs.artistId))
    .where(eq(songs.id, songId))
    .limit(1);
  return row?.slug ?? null;
}
