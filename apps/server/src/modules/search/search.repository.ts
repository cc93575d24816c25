import { and, eq, isNotNull, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { artistPhotos, artists } from '../../platform/db/schema/artists.js';
import { genres } from '../../platform/db/schema/genres.js';
import {
  albums,
  inTitleBand,
  songs,
  TITLE_BANDS,
  trigramCount,
  type TitleBand,
} from '../../platform/db/schema/catalogue.js';
import { releasedSong } from '../access/released.js';
import { bestOf, CANDIDATES_PER_RESULT, type MatchKind, type Ranked } from './search.ranking.js';

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
function rankColumns(column: AnyColumn, { term, pattern }: TermValues): SQL {
  const text = sql`lower(${column})`;
  return sql`${text} = lower(${term}::text) as rank_exact,
    ${text} like lower(${pattern}::text) || '%' as rank_prefix,
    ${text} <-> lower(${term}::text) as rank_distance,
    length(${column}) as rank_length`;
}

/** The ranking columns as the statements answer them. */
const rankFields = {
  rankExact: sql<boolean>`rank_exact`,
  rankPrefix: sql<boolean>`rank_prefix`,
  rankDistance: sql<number>`rank_distance`.mapWith(Number),
  rankLength: sql<number>`rank_length`.mapWith(Number),
};

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
    nearestFirst: sql`${text} <-> lower(${term}::text)`,
  };
}

/** Rows a walk reads: the nearest `limit * CANDIDATES_PER_RESULT`, a constant so each plan is fixed. */
const candidateLimit = (limit: number) => sql.raw(String(limit * CANDIDATES_PER_RESULT));

/** Artists fans may find: ACTIVE, searchable (searchStatus.isSearchable), with a public address. */
function findableArtist(): SQL {
  return and(eq(artists.status, 'ACTIVE'), eq(artists.isSearchable, true), isNotNull(artists.slug))!;
}

/*
 * A type's search is one statement (decision 0042): its walks are CTEs, and a walk that may be needed only
 * after another runs under a gate, an uncorrelated condition PostgreSQL checks once before the walk's index
 * scan (a One-Time Filter), skipping the scan when false. One round trip per type instead of one per walk.
 */

/** Whether the nearest containing rows can have missed a prefix match of the page (else the second walk is not needed). */
function containingIncomplete(containing: string, limit: number): SQL {
  const table = sql.identifier(containing);
  return sql`(select count(*) from ${table}) = ${candidateLimit(limit)}
    and (select count(*) from ${table} where rank_prefix) < ${sql.raw(String(limit))}`;
}

/**
 * Whether `band` can hold a row nearer than the `limit * CANDIDATES_PER_RESULT`-th nearest found in the
 * shorter bands: a title of n trigrams is at least `1 - m / n` away from a term of m trigrams (decision 0019).
 */
function bandCanImprove(found: string[], band: TitleBand, limit: number, { term }: TermValues): SQL {
  const rows = sql.join(
    found.map((name) => sql`select rank_distance from ${sql.identifier(name)}`),
    sql` union all `,
  );
  const bound = sql`1 - ${trigramCount(sql`${term}::text`)}::float8 / ${sql.raw(String(band.fewest))}`;
  return sql`not exists (select 1 from (select rank_distance from (${rows}) as found
    order by rank_distance offset ${sql.raw(String(limit * CANDIDATES_PER_RESULT - 1))} limit 1) as kth
    where ${bound} >= kth.rank_distance)`;
}

/**
 * The nearest `limit * CANDIDATES_PER_RESULT` rows of the walks' union; among rows at the same distance, the
 * ones the page would rank first (shorter, then by text: "C" compares as the server's sort does).
 */
function nearestOf(walks: string[], text: string, limit: number): SQL {
  const rows = sql.join(
    walks.map((name) => sql`select * from ${sql.identifier(name)}`),
    sql` union all `,
  );
  return sql`select * from (${rows}) as found
    order by rank_distance, rank_length, ${sql.identifier(text)} collate "C", id limit ${candidateLimit(limit)}`;
}

/** `with` the named walks, answering each row with the kind of walk (`walk`) that found it. */
function statementOf(ctes: [string, SQL][], answers: [MatchKind, string][]): SQL {
  const withList = sql.join(
    ctes.map(([name, query]) => sql`${sql.identifier(name)} as (${query})`),
    sql`, `,
  );
  const selects = sql.join(
    answers.map(([kind, name]) => sql`select ${kind}::text as walk, * from ${sql.identifier(name)}`),
    sql` union all `,
  );
  return sql`(with ${withList} ${selects}) as candidates`;
}

/** A type's walks as one statement of `limit * CANDIDATES_PER_RESULT` rows per walk. */
function singleWalkStatement(walk: (kind: MatchKind, gate?: SQL) => SQL, limit: number): SQL {
  return statementOf(
    [
      ['containing', walk('contains')],
      ['starting', walk('startsWith', containingIncomplete('containing', limit))],
    ],
    [
      ['contains', 'containing'],
      ['startsWith', 'starting'],
    ],
  );
}

type PreparedSearch<T> = (term: string) => Promise<T[]>;
const preparedByDatabase = new WeakMap<Database, Map<string, PreparedSearch<unknown>>>();

/**
 * A type's statement built once per database handle and prepared under its name, then executed with the
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

/** Splits a statement's rows by the walk that found them and ranks them. */
function ranked<T extends Ranked & { walk: string }>(rows: T[], textOf: (row: T) => string, limit: number): T[] {
  const containing = rows.filter((row) => row.walk === 'contains');
  const starting = rows.filter((row) => row.walk === 'startsWith');
  return bestOf(containing, starting, textOf, limit);
}

export interface ArtistMatchRow {
  id: string;
  name: string;
  slug: string | null;
  genre: string | null;
  photoKey: string | null;
}

/** The artists nearest the term among those whose name contains it (or starts with it). */
function artistWalk(values: TermValues, kind: MatchKind, limit: number, gate?: SQL): SQL {
  const match = matchText(artists.name, values, kind);
  const firstPhoto = sql`(select ${artistPhotos.path} from ${artistPhotos}
    where ${artistPhotos.artistId} = ${artists.id}
    order by ${artistPhotos.position}, ${artistPhotos.createdAt} limit 1)`;
  return sql`select ${artists.id} as id, ${artists.name} as name, ${artists.slug} as slug,
    ${genres.label} as genre, ${firstPhoto} as photo_key, ${rankColumns(artists.name, values)}
    from ${artists} left join ${genres} on ${genres.id} = ${artists.genreId}
    where ${and(match.where, findableArtist(), gate)}
    order by ${match.nearestFirst} limit ${candidateLimit(limit)}`;
}

export function findArtistMatches(db: Database, term: string, limit: number): Promise<ArtistMatchRow[]> {
  const name = `search_artists_${limit}`;
  const search = prepared(db, name, () =>
    db
      .select({
        walk: sql<MatchKind>`walk`,
        id: sql<string>`id`,
        name: sql<string>`name`,
        slug: sql<string | null>`slug`,
        genre: sql<string | null>`genre`,
        photoKey: sql<string | null>`photo_key`,
        ...rankFields,
      })
      .from(singleWalkStatement((kind, gate) => artistWalk(termPlaceholders, kind, limit, gate), limit))
      .prepare(name),
  );
  return search(term).then((rows) => ranked(rows, (row) => row.name, limit));
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
function songWalk(values: TermValues, kind: MatchKind, limit: number, band: TitleBand, gate?: SQL): SQL {
  const match = matchText(songs.title, values, kind);
  return sql`select ${songs.id} as id, ${songs.title} as title, ${songs.artistId} as artist_id,
    ${artists.name} as artist_name, ${artists.slug} as artist_slug, ${songs.duration} as duration,
    ${songs.isFullPreview} as is_full_preview, ${rankColumns(songs.title, values)}
    from ${songs} inner join ${artists} on ${artists.id} = ${songs.artistId}
    where ${and(match.where, inTitleBand(songs.title, band), releasedSong(), findableArtist(), gate)}
    order by ${match.nearestFirst} limit ${candidateLimit(limit)}`;
}

/**
 * Each kind walks the bands shortest titles first, a longer band only while it can hold a nearer title
 * (decision 0019); the walk of titles starting with the term only when the containing one can have missed a
 * prefix match of the page.
 */
function songStatement(values: TermValues, limit: number): SQL {
  const walksOf = (kind: MatchKind, prefix: string, gate?: SQL): [string, SQL][] =>
    TITLE_BANDS.map((band, index) => {
      const shorter = TITLE_BANDS.slice(0, index).map(({ name }) => `${prefix}_${name}`);
      const bandGate = index === 0 ? gate : and(gate, bandCanImprove(shorter, band, limit, values));
      return [`${prefix}_${band.name}`, songWalk(values, kind, limit, band, bandGate)];
    });
  const containing = walksOf('contains', 'containing');
  const starting = walksOf('startsWith', 'starting', containingIncomplete('containing', limit));
  return statementOf(
    [
      ...containing,
      [
        'containing',
        nearestOf(
          containing.map(([name]) => name),
          'title',
          limit,
        ),
      ],
      ...starting,
      [
        'starting',
        nearestOf(
          starting.map(([name]) => name),
          'title',
          limit,
        ),
      ],
    ],
    [
      ['contains', 'containing'],
      ['startsWith', 'starting'],
    ],
  );
}

export function findSongMatches(db: Database, term: string, limit: number): Promise<SongMatchRow[]> {
  const name = `search_songs_${limit}`;
  const search = prepared(db, name, () =>
    db
      .select({
        walk: sql<MatchKind>`walk`,
        id: sql<string>`id`,
        title: sql<string>`title`,
        artistId: sql<string>`artist_id`,
        artistName: sql<string>`artist_name`,
        artistSlug: sql<string | null>`artist_slug`,
        duration: sql<number | null>`duration`,
        isFullPreview: sql<boolean>`is_full_preview`,
        ...rankFields,
      })
      .from(songStatement(termPlaceholders, limit))
      .prepare(name),
  );
  return search(term).then((rows) => ranked(rows, (row) => row.title, limit));
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
function albumWalk(values: TermValues, kind: MatchKind, limit: number, gate?: SQL): SQL {
  const match = matchText(albums.name, values, kind);
  return sql`select ${albums.id} as id, ${albums.name} as name, ${albums.artistId} as artist_id,
    ${artists.name} as artist_name, ${artists.slug} as artist_slug, ${albums.artworkKey} as artwork_key,
    ${rankColumns(albums.name, values)}
    from ${albums} inner join ${artists} on ${artists.id} = ${albums.artistId}
    where ${and(match.where, findableArtist(), gate)}
    order by ${match.nearestFirst} limit ${candidateLimit(limit)}`;
}

export function findAlbumMatches(db: Database, term: string, limit: number): Promise<AlbumMatchRow[]> {
  const name = `search_albums_${limit}`;
  const search = prepared(db, name, () =>
    db
      .select({
        walk: sql<MatchKind>`walk`,
        id: sql<string>`id`,
        name: sql<string>`name`,
        artistId: sql<string>`artist_id`,
        artistName: sql<string>`artist_name`,
        artistSlug: sql<string | null>`artist_slug`,
        artworkKey: sql<string | null>`artwork_key`,
        ...rankFields,
      })
      .from(singleWalkStatement((kind, gate) => albumWalk(termPlaceholders, kind, limit, gate), limit))
      .prepare(name),
  );
  return search(term).then((rows) => ranked(rows, (row) => row.name, limit));
}

/** Each walk with the term's values, unexecuted, and the index it should use (tests EXPLAIN them). */
export const matchQueries = [
  {
    index: 'artists_name_trgm_idx',
    query: (term: string, kind: MatchKind, limit: number) => artistWalk(termValues(term), kind, limit),
  },
  ...TITLE_BANDS.map((band) => ({
    index: `songs_title_${band.name}_trgm_idx`,
    query: (term: string, kind: MatchKind, limit: number) => songWalk(termValues(term), kind, limit, band),
  })),
  {
    index: 'albums_name_trgm_idx',
    query: (term: string, kind: MatchKind, limit: number) => albumWalk(termValues(term), kind, limit),
  },
] as const;

/** Each type's whole statement with the term's values (tests EXPLAIN them: every walk on its index). */
export const searchStatements = {
  artists: (term: string, limit: number) =>
    sql`select * from ${singleWalkStatement((kind, gate) => artistWalk(termValues(term), kind, limit, gate), limit)}`,
  songs: (term: string, limit: number) => sql`select * from ${songStatement(termValues(term), limit)}`,
  albums: (term: string, limit: number) =>
    sql`select * from ${singleWalkStatement((kind, gate) => albumWalk(termValues(term), kind, limit, gate), limit)}`,
};
