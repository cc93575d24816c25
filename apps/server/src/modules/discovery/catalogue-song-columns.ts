import { sql } from 'drizzle-orm';
import { jsonList } from '../../platform/db/json-list.js';
import { artists } from '../../platform/db/schema/artists.js';
import { albumSongs, songs } from '../../platform/db/schema/catalogue.js';

/**
 * A catalogue song as fans see it in a list, with its artist's name and slug and the ids of the albums
 * holding it: a plain Drizzle selection over a `songs` join `artists` query (discovery's and the library's).
 */
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
