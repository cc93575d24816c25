import { and, asc, eq, isNotNull, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { artistPicture } from '../artists/index.js';
import { artists } from '../../platform/db/schema/artists.js';
import { genres } from '../../platform/db/schema/genres.js';
import {
  albums,
  inTitleBand,
  songs,
  TITLE_BANDS,
  trigramCount,
  type TitleBand,
} from '../../platform/db/schema/catalogue.js';
import { releasedSong } from '../access/index.js';
import { bestOf, CANDIDATES_PER_RESULT, nearestOverBands, type MatchKind } from './search.ranking.js';

/** The term with LIKE's metacharacters escaped (`\` is LIKE's default escape), so each matches itself. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The term as typed and escaped for LIKE: values, or placeholders in a prepared statement. */
interface TermValues {
  term: string | Placeholder;
  pattern: string | Placeholder;
}

const termPlaceholders: TermValues = { term: sql.placeholder('term'), pattern: sql.placeholder('pattern') };
const termValues = (term: string) => ({ term, pattern: escapeLike(term) });

/** Columns a candidate is ranked by: exact, then prefix, then trigram distance, then shorter, then text. */
function rankColumns(column: AnyColumn, { term, pattern }: TermValues) {
  const text = sql`lower(${column})`;
  return {
    rankExact: sql<boolean>`${text} = lower(${term}::text)`,
    rankPrefix: sql<boolean>`${text} like lower(${pattern}::text) || '%'`,
    rankDistance: sql<number>`${text} <-> lower(${term}::text)`.mapWith(Number),
    rankLength: sql<number>`length(${column})`.mapWith(Number),
  };
}

/**
 * The WHERE and ORDER BY the GiST trigram indexes on lower(title) and lower(name) answer (migrations 0004,
 * 0011): `lower(col) LIKE '%term%'` (or `'term%'`) and `ORDER BY lower(col) <-> lower(term)`, so the planner
 * walks the index nearest first and stops after the limit, however many rows contain the term.
 */
function matchText(column: AnyColumn, { term, pattern }: TermValues, kind: MatchKind) {
  const text = sql`lower(${column})`;
  const lowered = sql`lower(${pattern}::text)`;
  return {
    where: kind === 'contains' ? sql`${text} like '%' || ${lowered} || '%'` : sql`${text} like ${lowered} || '%'`,
    nearestFirst: asc(sql`${text} <-> lower(${term}::text)`),
  };
}

type PreparedSearch<T> = (term: string) => Promise<T[]>;
const preparedByDatabase = new WeakMap<Database, Map<string, PreparedSearch<unknown>>>();

/**
 * A candidate query built once per database handle and prepared under its name, then executed with the
 * term: a search skips drizzle's query building, and PostgreSQL parses it once per connection.
 */
function prepared<T>(
  db: Database,
  name: string,
  build: () => { execute(values: Record<string, unknown>): Promise<T[]> },
): PreparedSearch<T> {
  let byName = preparedByDatabase.get(db);
  if (!byName) preparedByDatabase.set(db, (byName = new Map()));
  let search = byName.get(name) as PreparedSearch<T> | undefined;
  if (!search) {
    const statement = build();
    search = (term) => statement.execute(termValues(term));
    byName.set(name, search as PreparedSearch<unknown>);
  }
  return search;
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

/** The artists nearest the term among those whose name contains it (or starts with it). */
function artistCandidates(db: Database, values: TermValues, kind: MatchKind, limit: number) {
  const match = matchText(artists.name, values, kind);
  return db
    .select({
      id: artists.id,
      name: artists.name,
      slug: artists.slug,
      genre: genres.label,
      photoKey: artistPicture,
      ...rankColumns(artists.name, values),
    })
    .from(artists)
    .leftJoin(genres, eq(genres.id, artists.genreId))
    .where(and(match.where, findableArtist()))
    .orderBy(match.nearestFirst)
    .limit(limit * CANDIDATES_PER_RESULT);
}

export function findArtistMatches(db: Database, term: string, limit: number): Promise<ArtistMatchRow[]> {
  const walk = (kind: MatchKind) =>
    prepared(db, `search_artists_${kind}_${limit}`, () =>
      artistCandidates(db, termPlaceholders, kind, limit).prepare(`search_artists_${kind}_${limit}`),
    )(term);
  return bestOf(walk, (row) => row.name, limit);
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

/** Released songs (the access layer's definition) of findable artists in one title band, nearest the term. */
function songCandidates(db: Database, values: TermValues, kind: MatchKind, limit: number, band: TitleBand) {
  const match = matchText(songs.title, values, kind);
  return db
    .select({
      id: songs.id,
      title: songs.title,
      artistId: songs.artistId,
      artistName: artists.name,
      artistSlug: artists.slug,
      duration: songs.duration,
      isFullPreview: songs.isFullPreview,
      ...rankColumns(songs.title, values),
      termTrigrams: trigramCount(sql`${values.term}::text`).mapWith(Number),
    })
    .from(songs)
    .innerJoin(artists, eq(artists.id, songs.artistId))
    .where(and(match.where, inTitleBand(songs.title, band), releasedSong(), findableArtist()))
    .orderBy(match.nearestFirst)
    .limit(limit * CANDIDATES_PER_RESULT);
}

export function findSongMatches(db: Database, term: string, limit: number): Promise<SongMatchRow[]> {
  const walkBand = (kind: MatchKind, band: TitleBand) => {
    const name = `search_songs_${kind}_${band.name}_${limit}`;
    return prepared(db, name, () => songCandidates(db, termPlaceholders, kind, limit, band).prepare(name))(term);
  };
  const walk = (kind: MatchKind) => nearestOverBands((band) => walkBand(kind, band), limit * CANDIDATES_PER_RESULT);
  return bestOf(walk, (row) => row.title, limit);
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
function albumCandidates(db: Database, values: TermValues, kind: MatchKind, limit: number) {
  const match = matchText(albums.name, values, kind);
  return db
    .select({
      id: albums.id,
      name: albums.name,
      artistId: albums.artistId,
      artistName: artists.name,
      artistSlug: artists.slug,
      artworkKey: albums.artworkKey,
      ...rankColumns(albums.name, values),
    })
    .from(albums)
    .innerJoin(artists, eq(artists.id, albums.artistId))
    .where(and(match.where, findableArtist()))
    .orderBy(match.nearestFirst)
    .limit(limit * CANDIDATES_PER_RESULT);
}

export function findAlbumMatches(db: Database, term: string, limit: number): Promise<AlbumMatchRow[]> {
  const walk = (kind: MatchKind) =>
    prepared(db, `search_albums_${kind}_${limit}`, () =>
      albumCandidates(db, termPlaceholders, kind, limit).prepare(`search_albums_${kind}_${limit}`),
    )(term);
  return bestOf(walk, (row) => row.name, limit);
}

/** The candidate queries with the term's values, unexecuted, and the index each should use (tests EXPLAIN them). */
export const matchQueries = [
  {
    index: 'artists_name_trgm_idx',
    query: (db: Database, term: string, kind: MatchKind, limit: number) =>
      artistCandidates(db, termValues(term), kind, limit),
  },
  ...TITLE_BANDS.map((band) => ({
    index: `songs_title_${band.name}_trgm_idx`,
    query: (db: Database, term: string, kind: MatchKind, limit: number) =>
      songCandidates(db, termValues(term), kind, limit, band),
  })),
  {
    index: 'albums_name_trgm_idx',
    query: (db: Database, term: string, kind: MatchKind, limit: number) =>
      albumCandidates(db, termValues(term), kind, limit),
  },
] as const;
