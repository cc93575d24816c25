import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { flatRows, preparedRead } from '../../platform/db/prepared.js';
import { artists } from '../../platform/db/schema/artists.js';

/** Every signed-in ARTIST's request asks this (the session hook): prepared once per database handle. */
const artistIdOfUser = preparedRead(
  (db, name) =>
    flatRows(
      db
        .select({ id: artists.id })
        .from(artists)
        .where(eq(artists.userId, sql.placeholder('userId')))
        .limit(1)
        .prepare(name),
    ),
  'artists_id_of_user',
);

export async function findArtistIdOfUserRow(db: Database, userId: string): Promise<string | null> {
  const [row] = await artistIdOfUser(db).execute({ userId });
  return row?.id ?? null;
}

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

/** Each artist's status and name, by id (billing's renewal sweep asks once a page). */
export function findArtistStatusRows(
  db: Database,
  ids: string[],
): Promise<{ id: string; name: string; status: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: artists.id, name: artists.name, status: artists.status })
    .from(artists)
    .where(inArray(artists.id, ids));
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
