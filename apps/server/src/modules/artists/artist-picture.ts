import { sql } from 'drizzle-orm';
import { artistPhotos, artists } from '../../platform/db/schema/artists.js';
import { profileImageKeySql } from '../users/index.js';

/** The artist's first audition photo by position, or null. */
const firstArtistPhoto = sql<string | null>`(select ${artistPhotos.path} from ${artistPhotos}
  where ${artistPhotos.artistId} = ${artists.id}
  order by ${artistPhotos.position}, ${artistPhotos.createdAt} limit 1)`;

/**
 * The artist's picture as fans see it (a storage key), for a query over `artists`: the profile image the
 * artist chose, else the first audition photo, else null.
 */
export const artistPicture = sql<string | null>`coalesce(${profileImageKeySql(artists.userId)}, ${firstArtistPhoto})`;
