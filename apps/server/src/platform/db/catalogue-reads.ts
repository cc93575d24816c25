import { sql, type SQL } from 'drizzle-orm';
import { artistPhotos, artists } from './schema/artists.js';
import { albumSongs, songs } from './schema/catalogue.js';
import { users } from './schema/identity.js';

/**
 * Column sets the read models (discovery, library) share: a song as fans see it in a list, and an
 * artist's first photo. Each is a plain Drizzle selection over a `songs` join `artists` query.
 */

/** A JSON array from a correlated subquery, `[]` when it has no rows. */
export function jsonList(subquery: SQL): SQL<string[]> {
  return sql<string[]>`coalesce((${subquery}), '[]'::json)`;
}

/** The artist's first audition photo by position, or null. */
const firstArtistPhoto = sql<string | null>`(select ${artistPhotos.path} from ${artistPhotos}
  where ${artistPhotos.artistId} = ${artists.id}
  order by ${artistPhotos.position}, ${artistPhotos.createdAt} limit 1)`;

/** The profile image the artist chose, as a storage key (profile-images/{user id}/{file}), or null. */
const artistProfileImage = sql<string | null>`(select 'profile-images/' || ${users.id} || '/' || ${users.profileImage}
  from ${users} where ${users.id} = ${artists.userId} and ${users.profileImage} is not null)`;

/**
 * The artist's picture as fans see it (a storage key): the profile image the artist chose, else the
 * first audition photo, else null.
 */
export const artistPicture = sql<string | null>`coalesce(${artistProfileImage}, ${firstArtistPhoto})`;

/** A catalogue song with its artist's name and slug and the ids of the albums holding it. */
export const catalogueSongColumns = {
  id: songs.id,
  artistId: songs.artistId,
  artistName: artists.name,
  artistSlug: artists.slug,
  title: songs.title,
  duration: songs.duration,
  explicit: songs.explicit,
  releaseDate: songs.releaseDate,
  trackNumber: songs.trackNumber,
  isFullPreview: songs.isFullPreview,
  fullPreviewPosition: songs.fullPreviewPosition,
  plays: songs.plays,
  hifives: songs.hifives,
  createdAt: songs.createdAt,
  albumIds: jsonList(sql`select json_agg(${albumSongs.albumId} order by ${albumSongs.albumId})
    from ${albumSongs} where ${albumSongs.songId} = ${songs.id}`),
};
