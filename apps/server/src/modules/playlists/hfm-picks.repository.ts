import { and, asc, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { artists } from '../../platform/db/schema/artists.js';
import { playlists, songs } from '../../platform/db/schema/catalogue.js';
import { releasedSong } from '../access/index.js';

/** The SQL of HFM Picks generation (docs/decisions/0022). */

/**
 * One generation at a time, for this transaction: a second request waits, then finds the month's
 * playlists made (the unique month and title is the backstop).
 */
export async function lockPicksGeneration(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('hfm.hfm-picks'))`);
}

/** Earlier months' generated playlists stop being HFM Picks (they stay as ordinary playlists). */
export async function retirePicksBefore(tx: Database, month: string): Promise<void> {
  await tx
    .update(playlists)
    .set({ isHfmPicks: false, updatedAt: new Date() })
    .where(and(eq(playlists.isHfmPicks, true), isNotNull(playlists.picksMonth), ne(playlists.picksMonth, month)));
}

export interface PickCandidate {
  songId: string;
  artistId: string;
}

/**
 * Released songs of ACTIVE artists who opted in, shuffled the same way for the whole month: artists in the
 * order of md5(month || artist id), and each artist's songs in the order of md5(month || song id). At
 * most `artistLimit` artists with `songsPerArtist` songs each, so the answer stays small whatever the
 * catalogue's size.
 */
export async function listPickCandidates(
  db: Database,
  month: string,
  limits: { artistLimit: number; songsPerArtist: number },
): Promise<PickCandidate[]> {
  const optedIn = sql`${songs.artistId} in (select ${artists.id} from ${artists} where ${artists.hfmPicksOptIn})`;
  const ranked = db
    .select({
      songId: sql<string>`${songs.id}`.as('song_id'),
      artistId: sql<string>`${songs.artistId}`.as('artist_id'),
      songRank: sql<number>`row_number() over (partition by ${songs.artistId}
        order by md5(${month}::text || ${songs.id}::text), ${songs.id})`.as('song_rank'),
      artistRank: sql<number>`dense_rank() over (order by md5(${month}::text || ${songs.artistId}::text),
        ${songs.artistId})`.as('artist_rank'),
    })
    .from(songs)
    .where(and(releasedSong(), optedIn))
    .as('ranked');
  return db
    .select({ songId: ranked.songId, artistId: ranked.artistId })
    .from(ranked)
    .where(and(lte(ranked.songRank, limits.songsPerArtist), lte(ranked.artistRank, limits.artistLimit)))
    .orderBy(asc(ranked.artistRank), asc(ranked.songRank));
}
