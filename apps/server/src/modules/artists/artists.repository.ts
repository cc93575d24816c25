import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { artistPhotos, artists } from '../../platform/db/schema.js';

export type ArtistRow = typeof artists.$inferSelect;
export type NewArtistRow = typeof artists.$inferInsert;

export async function insertArtist(db: Database, values: NewArtistRow): Promise<ArtistRow> {
  const [row] = await db.insert(artists).values(values).returning();
  return row!;
}

export async function findArtistRowByUserId(db: Database, userId: string): Promise<ArtistRow | null> {
  const [row] = await db.select().from(artists).where(eq(artists.userId, userId)).limit(1);
  return row ?? null;
}

export async function findArtistRowById(db: Database, id: string): Promise<ArtistRow | null> {
  const [row] = await db.select().from(artists).where(eq(artists.id, id)).limit(1);
  return row ?? null;
}

/** Photo paths of the given artists, in their order, keyed by artist id. */
export async function loadPhotoPaths(db: Database, artistIds: string[]): Promise<Map<string, string[]>> {
  const photos = new Map<string, string[]>(artistIds.map((id) => [id, []]));
  if (artistIds.length === 0) return photos;
  const rows = await db
    .select({ artistId: artistPhotos.artistId, path: artistPhotos.path })
    .from(artistPhotos)
    .where(inArray(artistPhotos.artistId, artistIds))
    .orderBy(asc(artistPhotos.position), asc(artistPhotos.createdAt));
  for (const row of rows) photos.get(row.artistId)?.push(row.path);
  return photos;
}
