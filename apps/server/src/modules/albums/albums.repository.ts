import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { albums, albumSongs, songs } from '../../platform/db/schema/catalogue.js';

export type AlbumRow = typeof albums.$inferSelect;
export type NewAlbumRow = typeof albums.$inferInsert;

export async function insertAlbum(db: Database, values: NewAlbumRow): Promise<AlbumRow> {
  const [row] = await db.insert(albums).values(values).returning();
  return row!;
}

export async function findAlbumById(db: Database, id: string): Promise<AlbumRow | null> {
  const [row] = await db.select().from(albums).where(eq(albums.id, id)).limit(1);
  return row ?? null;
}

export async function updateAlbumRow(db: Database, id: string, values: Partial<NewAlbumRow>): Promise<AlbumRow> {
  const [row] = await db
    .update(albums)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(albums.id, id))
    .returning();
  return row!;
}

export async function deleteAlbumRow(db: Database, id: string): Promise<void> {
  await db.delete(albums).where(eq(albums.id, id));
}

export async function listAlbumsOfArtist(db: Database, artistId: string): Promise<AlbumRow[]> {
  return db.select().from(albums).where(eq(albums.artistId, artistId)).orderBy(desc(albums.createdAt), desc(albums.id));
}

/** One page of the albums the caller may see (`visible`), newest first, and how many there are. */
export async function listAlbumRows(
  db: Database,
  visible: SQL,
  page: { offset: number; limit: number },
): Promise<{ rows: AlbumRow[]; total: number }> {
  const rows = await db
    .select()
    .from(albums)
    .where(visible)
    .orderBy(desc(albums.createdAt), desc(albums.id))
    .offset(page.offset)
    .limit(page.limit);
  const [counted] = await db.select({ total: count() }).from(albums).where(visible);
  return { rows, total: counted?.total ?? 0 };
}

/** The ordered song ids of each album; with `visible`, only the songs the caller may see. */
export async function songIdsByAlbum(
  db: Database,
  albumIds: string[],
  options: { visible?: SQL } = {},
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (albumIds.length === 0) return result;
  const inAlbums = inArray(albumSongs.albumId, albumIds);
  const rows = await db
    .select({ albumId: albumSongs.albumId, songId: albumSongs.songId })
    .from(albumSongs)
    .innerJoin(songs, eq(songs.id, albumSongs.songId))
    .where(options.visible ? and(inAlbums, options.visible) : inAlbums)
    .orderBy(asc(albumSongs.albumId), asc(albumSongs.position));
  for (const row of rows) result.set(row.albumId, [...(result.get(row.albumId) ?? []), row.songId]);
  return result;
}

/**
 * Replaces the album's song list with this order. Call it after the album row is locked (updating the row
 * does that); a song that joined meanwhile just takes its place in the new order.
 */
export async function replaceAlbumSongs(db: Database, albumId: string, songIds: string[]): Promise<void> {
  await db.delete(albumSongs).where(eq(albumSongs.albumId, albumId));
  if (songIds.length === 0) return;
  await db
    .insert(albumSongs)
    .values(songIds.map((songId, position) => ({ albumId, songId, position })))
    .onConflictDoUpdate({ target: [albumSongs.albumId, albumSongs.songId], set: { position: sql`excluded.position` } });
}

/** How many of these songs belong to the artist. */
export async function countArtistSongs(db: Database, artistId: string, songIds: string[]): Promise<number> {
  if (songIds.length === 0) return 0;
  const [row] = await db
    .select({ total: count() })
    .from(songs)
    .where(and(eq(songs.artistId, artistId), inArray(songs.id, songIds)));
  return row?.total ?? 0;
}
