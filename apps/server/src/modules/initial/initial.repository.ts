import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { songs } from '../../platform/db/schema.js';

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
