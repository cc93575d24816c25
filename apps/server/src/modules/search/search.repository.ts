import { and, asc, eq, isNotNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { artistPhotos, artists } from '../../platform/db/schema/artists.js';
import { albums, songs } from '../../platform/db/schema/catalogue.js';
import { genres } from '../../platform/db/schema/genres.js';
import { inTitleBand, TITLE_BANDS, trigramCount, type TitleBand } from '../../platform/db/schema/title-bands.js';
import { releasedSong } from '../access/released.js';

/** The term with LIKE's metacharacters escaped (`\` is LIKE's default escape), so each matches itself. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Columns a candidate is ranked by: exact, then prefix, then trigram distance, then shorter, then text. */
function rankColumns(column: AnyColumn, term: string) {
  const text = sql`lower(${column})`;
  return {
    rankExact: sql<boolean>`${text} = lower(${term}::text)`,
    rankPrefix: sql<boolean>`${text} like lower(${escapeLike(term)}::text) || '%'`,
    rankDistance: sql<number>`${text} <-> lower(${term}::text)`.mapWith(Number),
    rankLength: sql<number>`length(${column})`.mapWith(Number),
  };
}

interface Ranked {
  id: string;
  rankExact: boolean;
  rankPrefix: boolean;
  rankDistance: number;
  rankLength: number;
}

type MatchKind = 'contains' | 'startsWith';

/**
 * The WHERE and ORDER BY the GiST trigram indexes on lower(title) and lower(name) answer (migration 0004):
 * `lower(col) LIKE '%term%'` (or `'term%'`) and `ORDER BY lower(col) <-> lower(term)`, so the planner walks
 * the index nearest first and stops after the limit, however many rows contain the term.
 */
function matchText(column: AnyColumn, term: string, kind: MatchKind): { where: SQL; nearestFirst: SQL } {
  const text = sql`lower(${column})`;
  const pattern = sql`lower(${escapeLike(term)}::text)`;
  return {
    where: kind === 'contains' ? sql`${text} like '%' || ${pattern} || '%'` : sql`${text} like ${pattern} || '%'`,
    nearestFirst: asc(sql`${text} <-> lower(${term}::text)`),
  };
}

/**
 * Each candidate set is the nearest `limit * CANDIDATES_PER_RESULT` rows by distance alone (the index's
 * order, so the scan stops there); ties are then broken among them. Ordering the scan by the tie-breakers
 * too would make it read every row at the last distance.
 */
const CANDIDATES_PER_RESULT = 2;

function bestFirst<T extends Ranked & { text: string }>(a: T, b: T): number {
  return (
    Number(b.rankExact) - Number(a.rankExact) ||
    Number(b.rankPrefix) - Number(a.rankPrefix) ||
    a.rankDistance - b.rankDistance ||
    a.rankLength - b.rankLength ||
    (a.text < b.text ? -1 : a.text > b.text ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The best `limit` of the nearest rows containing the term and, when needed, the nearest rows starting with
 * it. Exact, then prefix, then distance is then exact: a prefix match nearer than the page is in the second
 * set; any other row in the page is among the nearest of the first.
 *
 * The second walk is needed only when the first can have missed a prefix match of the page: when it
 * stopped at its limit with fewer than `limit` prefix matches. If it found fewer rows than it asked for, it
 * holds every row containing the term; if it holds `limit` prefix matches, those are the nearest prefix
 * matches and fill the page. PGlite runs one statement at a time, so a walk saved is time saved (decision
 * 0019).
 */
async function bestOf<T extends Ranked>(
  candidates: (kind: MatchKind) => Promise<T[]>,
  textOf: (row: T) => string,
  limit: number,
): Promise<T[]> {
  const containing = await candidates('contains');
  const prefixes = containing.filter((row) => row.rankPrefix).length;
  const complete = containing.length < limit * CANDIDATES_PER_RESULT || prefixes >= limit;
  const starting = complete ? [] : await candidates('startsWith');
  const unique = new Map([...containing, ...starting].map((row) => [row.id, row]));
  return [...unique.values()]
    .map((row) => ({ row, id: row.id, text: textOf(row), ...pickRank(row) }))
    .sort(bestFirst)
    .slice(0, limit)
    .map(({ row }) => row);
}

function pickRank(row: Ranked): Omit<Ranked, 'id'> {
  return {
    rankExact: row.rankExact,
    rankPrefix: row.rankPrefix,
    rankDistance: row.rankDistance,
    rankLength: row.rankLength,
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

/** The artists nearest the term among those whose name contains it (or starts with it). */
function artistCandidates(db: Database, term: string, kind: MatchKind, limit: number) {
  const match = matchText(artists.name, term, kind);
  const firstPhoto = sql<string | null>`(select ${artistPhotos.path} from ${artistPhotos}
    where ${artistPhotos.artistId} = ${artists.id}
    order by ${artistPhotos.position}, ${artistPhotos.createdAt} limit 1)`;
  return db
    .select({
      id: artists.id,
      name: artists.name,
      slug: artists.slug,
      genre: genres.label,
      photoKey: firstPhoto,
      ...rankColumns(artists.name, term),
    })
    .from(artists)
    .leftJoin(genres, eq(genres.id, artists.genreId))
    .where(and(match.where, findableArtist()))
    .orderBy(match.nearestFirst)
    .limit(limit * CANDIDATES_PER_RESULT);
}

export function findArtistMatches(db: Database, term: string, limit: number): Promise<ArtistMatchRow[]> {
  return bestOf(
    (kind) => artistCandidates(db, term, kind, limit).execute(),
    (row) => row.name,
    limit,
  );
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
function songCandidates(db: Database, term: string, kind: MatchKind, limit: number, band: TitleBand) {
  const match = matchText(songs.title, term, kind);
  return db
    .select({
      id: songs.id,
      title: songs.title,
      artistId: songs.artistId,
      artistName: artists.name,
      artistSlug: artists.slug,
      duration: songs.duration,
      isFullPreview: songs.isFullPreview,
      ...rankColumns(songs.title, term),
      termTrigrams: trigramCount(sql`${term}::text`).mapWith(Number),
    })
    .from(songs)
    .innerJoin(artists, eq(artists.id, songs.artistId))
    .where(and(match.where, inTitleBand(songs.title, band), releasedSong(), findableArtist()))
    .orderBy(match.nearestFirst)
    .limit(limit * CANDIDATES_PER_RESULT);
}

/**
 * The nearest `wanted` rows over the title bands, shortest titles first: a band's titles are at least
 * `1 - m / fewest` away from a term of m trigrams, so once that is no nearer than the `wanted`-th row found,
 * this band and the longer ones cannot improve the set.
 */
async function nearestOverBands<T extends { rankDistance: number; termTrigrams: number }>(
  walk: (band: TitleBand) => Promise<T[]>,
  wanted: number,
): Promise<T[]> {
  let found: T[] = [];
  for (const band of TITLE_BANDS) {
    const kth = found[wanted - 1];
    if (kth && band.fewest > 0 && 1 - kth.termTrigrams / band.fewest >= kth.rankDistance) break;
    found = [...found, ...(await walk(band))].sort((a, b) => a.rankDistance - b.rankDistance);
  }
  return found.slice(0, wanted);
}

export function findSongMatches(db: Database, term: string, limit: number): Promise<SongMatchRow[]> {
  return bestOf(
    (kind) =>
      nearestOverBands((band) => songCandidates(db, term, kind, limit, band).execute(), limit * CANDIDATES_PER_RESULT),
    (row) => row.title,
    limit,
  );
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
function albumCandidates(db: Database, term: string, kind: MatchKind, limit: number) {
  const match = matchText(albums.name, term, kind);
  return db
    .select({
      id: albums.id,
      name: albums.name,
      artistId: albums.artistId,
      artistName: artists.name,
      artistSlug: artists.slug,
      artworkKey: albums.artworkKey,
      ...rankColumns(albums.name, term),
    })
    .from(albums)
    .innerJoin(artists, eq(artists.id, albums.artistId))
    .where(and(match.where, findableArtist()))
    .orderBy(match.nearestFirst)
    .limit(limit * CANDIDATES_PER_RESULT);
}

export function findAlbumMatches(db: Database, term: string, limit: number): Promise<AlbumMatchRow[]> {
  return bestOf(
    (kind) => albumCandidates(db, term, kind, limit).execute(),
    (row) => row.name,
    limit,
  );
}

/** The candidate queries unexecuted, with the trigram index each should use (tests EXPLAIN them). */
export const matchQueries = [
  { index: 'artists_name_trgm_idx', query: artistCandidates },
  ...TITLE_BANDS.map((band) => ({
    index: `songs_title_${band.name}_trgm_idx`,
    query: (db: Database, term: string, kind: MatchKind, limit: number) => songCandidates(db, term, kind, limit, band),
  })),
  { index: 'albums_name_trgm_idx', query: albumCandidates },
] as const;
