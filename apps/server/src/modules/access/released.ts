import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { artists } from '../../platform/db/schema/artists.js';
import { songs } from '../../platform/db/schema/catalogue.js';

/**
 * What "released" means, written once: the access policy and the read models that list songs to fans
 * (modules/discovery, modules/search) build their SQL from these, so a song a list shows is a song fans
 * may open.
 */

/** An approved artist: the only artists fans see. */
export function artistIsActive(): SQL {
  return eq(artists.status, 'ACTIVE');
}

/**
 * The song's release has come: its scheduled minute (release_at) when it has one, else its release date
 * (a song with neither is out as soon as it is ready). The database's clock decides, so every process and
 * every list agrees on the minute.
 */
export function releaseHasCome(): SQL {
  return sql`coalesce(${songs.releaseAt} <= now(), ${songs.releaseDate} <= current_date, true)`;
}

/**
 * The song itself is out: ready (transcoded), active (not withdrawn by the artist) and its release has come
 * (releaseHasCome).
 */
export function songIsOut(): SQL {
  return and(eq(songs.status, 'ready'), eq(songs.active, true), releaseHasCome())!;
}

/** Released: out, and by an ACTIVE artist (what listeners may see). */
export function releasedSong(): SQL {
  const ofActiveArtist = sql`${songs.artistId} in (select ${artists.id} from ${artists} where ${artistIsActive()})`;
  return and(songIsOut(), ofActiveArtist)!;
}

/**
 * Out, and by an artist whose songs subscribers in term may hear: ACTIVE, or CANCELLED (the licence was
 * terminated: it continues for existing subscribers until their term ends; docs/decisions/0021).
 */
export function releasedToSubscribers(): SQL {
  const ofLicensedArtist = sql`${songs.artistId} in (select ${artists.id} from ${artists} where ${inArray(
    artists.status,
    ['ACTIVE', 'CANCELLED'],
  )})`;
  return and(songIsOut(), ofLicensedArtist)!;
}
