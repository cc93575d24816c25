import { and, sql, type SQL } from 'drizzle-orm';
import { artists } from '../../platform/db/schema/artists.js';
import { playlists, playlistSongs, songs } from '../../platform/db/schema/catalogue.js';
import { releasedSong } from './released.js';

/**
 * What HFM Radio and HFM Picks open up, written once (docs/decisions/0022): the access policy and the
 * playlist page build their SQL from these, over a query whose `songs` row is the song in question. Both
 * need the song released and its artist opted in (hfmPicksOptIn) now: an artist who opts out, or stops
 * being ACTIVE, takes their songs back at once, whatever the playlists still hold.
 */

function ofOptedInArtist(): SQL {
  return sql`${songs.artistId} in (select ${artists.id} from ${artists} where ${artists.hfmPicksOptIn})`;
}

function onPlaylistWhere(flag: SQL): SQL {
  return sql`exists (select 1 from ${playlistSongs} inner join ${playlists} on ${playlists.id} = ${playlistSongs.playlistId}
    where ${playlistSongs.songId} = ${songs.id} and ${flag})`;
}

/** On an HFM Radio playlist: everyone hears it in full (streaming only: it gives no download). */
export function onHfmRadio(): SQL {
  return and(releasedSong(), ofOptedInArtist(), onPlaylistWhere(sql`${playlists.isHfmRadio}`))!;
}

/**
 * On a current HFM Picks playlist (isHFMPicks: generation takes the flag off the previous month's): everyone
 * hears it in full, and any signed-in member may download it and keep it.
 */
export function currentHfmPick(): SQL {
  return and(releasedSong(), ofOptedInArtist(), onPlaylistWhere(sql`${playlists.isHfmPicks}`))!;
}

/**
 * What a list of songs tells fans of each (over a query whose `songs` row is the song): `playsInFull` for
 * everyone (the artist's full preview, HFM Radio, a current HFM Pick) and `freeToKeep` (a current HFM Pick).
 */
export function curatedSongColumns() {
  const onCuratedPlaylist = and(
    releasedSong(),
    ofOptedInArtist(),
    onPlaylistWhere(sql`(${playlists.isHfmRadio} or ${playlists.isHfmPicks})`),
  );
  return {
    playsInFull: sql<boolean>`(${songs.isFullPreview} or ${onCuratedPlaylist})`,
    freeToKeep: sql<boolean>`${currentHfmPick()}`,
  };
}
