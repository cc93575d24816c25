import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { albums, albumSongs, songs } from '../../platform/db/schema.js';

export type SongRow = typeof songs.$inferSelect;
export type AlbumRow = typeof albums.$inferSelect;

/** Every song of the artist, newest first (the owner's own view: all statuses). */
export function listSongRowsOfArtist(db: Database, artistId: string): Promise<SongRow[]> {
  return db.select().from(songs).where(eq(songs.artistId, artistId)).orderBy(desc(songs.createdAt), desc(songs.id));
}

export function listAlbumRowsOfArtist(db: Database, artistId: string): Promise<AlbumRow[]> {
  return db.select().from(albums).where(eq(albums.artistId, artistId)).orderBy(desc(albums.createdAt), desc(albums.id));
}

/** Album ids of each song. */
export async function albumIdsOfSongs(db: Database, songIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (songIds.length === 0) return result;
  const rows = await db
    .select({ songId: albumSongs.songId, albumId: albumSongs.albumId })
    .from(albumSongs)
    .where(inArray(albumSongs.songId, songIds));
  for (const row of rows) result.set(row.songId, [...(result.get(row.songId) ?? []), row.albumId]);
  return result;
}

/** The ordered song ids of each album. */
export async function songIdsOfAlbums(db: Database, albumIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (albumIds.length === 0) return result;
  const rows = await db
    .select({ albumId: albumSongs.albumId, songId: albumSongs.songId })
    .from(albumSongs)
    .where(inArray(albumSongs.albumId, albumIds))
    .orderBy(asc(albumSongs.albumId), asc(albumSongs.position));
  for (const row of rows) result.set(row.albumId, [...(result.get(row.albumId) ?? []), row.songId]);
  return result;
}

/** The artist's song with the most plays or Hi Fives (at least one), or null. */
export async function topSongOfArtist(
  db: Database,
  artistId: string,
  by: 'plays' | 'hifives',
): Promise<{ id: string; title: string } | null> {
  const column = by === 'plays' ? songs.plays : songs.hifives;
  const [row] = await db
    .select({ id: songs.id, title: songs.title })
    .from(songs)
    .where(and(eq(songs.artistId, artistId), gt(column, 0)))
    .orderBy(desc(column), desc(songs.createdAt))
    .limit(1);
  return row ?? null;
}
