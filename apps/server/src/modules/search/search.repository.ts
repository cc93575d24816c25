import { and, asc, desc, eq, isNotNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { artistPhotos, artists } from '../../platform/db/schema/artists.js';
import { albums, songs } from '../../platform/db/schema/catalogue.js';
import { genres } from '../../platform/db/schema/genres.js';
import { releasedSong } from '../access/released.js';

/** The term with LIKE's metacharacters escaped (`\` is LIKE's default escape), so each matches itself. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

interface TextMatch {
  where: SQL;
  bestFirst: SQL[];
}

/**
 * Rows whose column contains the term case-insensitively, best first: exact, then prefix, then trigram
 * similarity, then shorter, then by the text. The WHERE is `lower(col) LIKE '%' || lower(term) || '%'`,
 * the expression of the GIN trigram indexes on lower(title) and lower(name) (migration 0003), so the
 * planner can answer it from the index.
 */
function matchText(column: AnyColumn, term: string): TextMatch {
  const text = sql`lower(${column})`;
  const wanted = sql`lower(${term}::text)`;
  const pattern = sql`lower(${escapeLike(term)}::text)`;
  return {
    where: sql`${text} like '%' || ${pattern} || '%'`,
    bestFirst: [
      desc(sql`${text} = ${wanted}`),
      desc(sql`${text} like ${pattern} || '%'`),
      desc(sql`similarity(${text}, ${wanted})`),
      asc(sql`length(${column})`),
      asc(column),
    ],
  };
}

/** Artists fans may find: ACTIVE, searchable (searchStatus.isSearchable), with a public address. */
function findableArtist(): SQL {
  return and(eq(artists.status, 'ACTIVE'), eq(artists.isSearchable, true), isNotNull(artists.slug))!;
}

export interface ArtistMatchRow {
  id: string;
  name: string;
  slug: string | null;
  genre: string | null;
  photoKey: string | null;
}

function artistMatches(db: Database, term: string, limit: number) {
  const match = matchText(artists.name, term);
  const firstPhoto = sql<string | null>`(select ${artistPhotos.path} from ${artistPhotos}
    where ${artistPhotos.artistId} = ${artists.id}
    order by ${artistPhotos.position}, ${artistPhotos.createdAt} limit 1)`;
  return db
    .select({ id: artists.id, name: artists.name, slug: artists.slug, genre: genres.label, photoKey: firstPhoto })
    .from(artists)
    .leftJoin(genres, eq(genres.id, artists.genreId))
    .where(and(match.where, findableArtist()))
    .orderBy(...match.bestFirst, asc(artists.id))
    .limit(limit);
}

export function findArtistMatches(db: Database, term: string, limit: number): Promise<ArtistMatchRow[]> {
  return artistMatches(db, term, limit).execute();
}

export interface SongMatchRow {
  id: string;
  title: string;
  artistId: string;
  artistName: string;
  artistSlug: string | null;
  duration: number | null;
  isFullPreview: boolean;
}

/** Released songs (the access layer's definition) of findable artists. */
function songMatches(db: Database, term: string, limit: number) {
  const match = matchText(songs.title, term);
  return db
    .select({
      id: songs.id,
      title: songs.title,
      artistId: songs.artistId,
      artistName: artists.name,
      artistSlug: artists.slug,
      duration: songs.duration,
      isFullPreview: songs.isFullPreview,
    })
    .from(songs)
    .innerJoin(artists, eq(artists.id, songs.artistId))
    .where(and(match.where, releasedSong(), findableArtist()))
    .orderBy(...match.bestFirst, asc(songs.id))
    .limit(limit);
}

export function findSongMatches(db: Database, term: string, limit: number): Promise<SongMatchRow[]> {
  return songMatches(db, term, limit).execute();
}

export interface AlbumMatchRow {
  id: string;
  name: string;
  artistId: string;
  artistName: string;
  artistSlug: string | null;
  artworkKey: string | null;
}

/** Albums of findable artists, whatever songs they hold (an artist's page shows them all the same). */
function albumMatches(db: Database, term: string, limit: number) {
  const match = matchText(albums.name, term);
  return db
    .select({
      id: albums.id,
      name: albums.name,
      artistId: albums.artistId,
      artistName: artists.name,
      artistSlug: artists.slug,
      artworkKey: albums.artworkKey,
    })
    .from(albums)
    .innerJoin(artists, eq(artists.id, albums.artistId))
    .where(and(match.where, findableArtist()))
    .orderBy(...match.bestFirst, asc(albums.id))
    .limit(limit);
}

export function findAlbumMatches(db: Database, term: string, limit: number): Promise<AlbumMatchRow[]> {
  return albumMatches(db, term, limit).execute();
}

/** The three queries unexecuted, with the trigram index each should be able to use (tests EXPLAIN them). */
export const matchQueries = [
  { index: 'artists_name_trgm_idx', query: artistMatches },
  { index: 'songs_title_trgm_idx', query: songMatches },
  { index: 'albums_name_trgm_idx', query: albumMatches },
] as const;
