import { count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { artists } from '../../platform/db/schema/artists.js';

export interface ArtistOfUser {
  id: string;
  userId: string;
  name: string;
  status: string;
}

export function findArtistRowsOfUsers(db: Database, userIds: string[]): Promise<ArtistOfUser[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: artists.id, userId: artists.userId, name: artists.name, status: artists.status })
    .from(artists)
    .where(inArray(artists.userId, userIds));
}

export async function countArtistRowsInGenre(db: Database, genreId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(artists).where(eq(artists.genreId, genreId));
  return row?.total ?? 0;
}

/** Files every artist of one genre under another; how many moved. */
export async function moveArtistRowsToGenre(db: Database, fromGenreId: string, toGenreId: string): Promise<number> {
  const moved = await db
    .update(artists)
    .set({ genreId: toGenreId, updatedAt: new Date() })
    .where(eq(artists.genreId, fromGenreId))
    .returning({ id: artists.id });
  return moved.length;
}
