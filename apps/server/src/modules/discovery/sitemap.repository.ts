import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { artists } from '../../platform/db/schema/artists.js';
import { albums, albumSongs, playlists, songs } from '../../platform/db/schema/catalogue.js';
import { genres } from '../../platform/db/schema/genres.js';
import { artistIsActive, songIsOut } from '../access/index.js';

/**
 * The public pages a sitemap lists (docs/decisions/0049), one row each, in a fixed order (kind, then id) so a
 * page of the sitemap is a stable slice: ACTIVE artists, their albums with a song out, genres and playlists.
 * /discover itself is not a row (the service puts it first).
 */
export interface PublicPageRow {
  kind: 'artist' | 'album' | 'genre' | 'playlist';
  /** The artist's slug (artists and albums). */
  slug: string | null;
  /** The album's, genre's or playlist's id; the artist's for an artist. */
  id: string;
  updatedAt: Date;
}

function publicPages(): SQL {
  const albumOut = sql`exists (select 1 from ${albumSongs} inner join ${songs} on ${songs.id} = ${albumSongs.songId}
    where ${albumSongs.albumId} = ${albums.id} and ${songIsOut()})`;
  return sql`
    select 1 as rank, 'artist' as kind, ${artists.slug} as slug, ${artists.id} as id, ${artists.updatedAt} as updated_at
      from ${artists} where ${artistIsActive()} and ${artists.slug} is not null
    union all
    select 2, 'album', ${artists.slug}, ${albums.id}, ${albums.updatedAt}
      from ${albums} inner join ${artists} on ${artists.id} = ${albums.artistId}
      where ${artistIsActive()} and ${artists.slug} is not null and ${albumOut}
    union all
    select 3, 'genre', null, ${genres.id}, ${genres.updatedAt} from ${genres}
    union all
    select 4, 'playlist', null, ${playlists.id}, ${playlists.updatedAt} from ${playlists}`;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** How many public pages there are (without /discover). */
export async function countPublicPages(db: Database): Promise<number> {
  const result = await db.execute(sql`select count(*) as total from (${publicPages()}) pages`);
  return Number(rowsOf<{ total: unknown }>(result)[0]?.total ?? 0);
}

/** `limit` public pages from `offset`, in the sitemap's order. */
export async function listPublicPages(db: Database, offset: number, limit: number): Promise<PublicPageRow[]> {
  const result = await db.execute(
    sql`select kind, slug, id, updated_at from (${publicPages()}) pages order by rank, id limit ${limit} offset ${offset}`,
  );
  return rowsOf<{ kind: PublicPageRow['kind']; slug: string | null; id: string; updated_at: unknown }>(result).map(
    (row) => ({
      kind: row.kind,
      slug: row.slug,
      id: String(row.id),
      updatedAt: row.updated_at instanceof Date ? row.updated_at : new Date(String(row.updated_at)),
    }),
  );
}
