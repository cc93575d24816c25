import { and, eq, sql, type SQL } from 'drizzle-orm';
import { artists } from '../../platform/db/schema/artists.js';
import { songs } from '../../platform/db/schema/catalogue.js';

/**
 * Released songs: ready, active, of an ACTIVE artist (what listeners may see). The one definition: the
 * access policy checks ids with it, and read models that list songs (search) filter with it.
 */
export function releasedSong(): SQL {
  const ofActiveArtist = sql`${songs.artistId} in (select ${artists.id} from ${artists} where ${artists.status} = 'ACTIVE')`;
  return and(eq(songs.status, 'ready'), eq(songs.active, true), ofActiveArtist)!;
}
