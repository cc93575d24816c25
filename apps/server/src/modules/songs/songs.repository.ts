import { and, asc, count, desc, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { jsonList } from '../../platform/db/json-list.js';
import { flatRows, preparedRead } from '../../platform/db/prepared.js';
import { albums, albumSongs, songs } from '../../platform/db/schema/catalogue.js';
import { songIsOut, type ArtistSongScope } from '../access/index.js';
import { artistNameOf } from '../artists/index.js';
import type { DownloadRecordInsert } from '../library/index.js';

export type SongRow = typeof songs.$inferSelect;
export type NewSongRow = typeof songs.$inferInsert;
/**
 * A song as lists read it: the columns the API shows (songs.presenter.ts), without the waveform peaks (only
 * /peaks answers them) or the storage keys, and with its album ids.
 */
export type SongListRow = Awaited<ReturnType<typeof selectListed>>[number];

/**
 * The song's albums, oldest album first, in the same statement as the songs. Built by drizzle so that its
 * columns carry their tables' names (in a one-table select's list they would not, and `id` would be the album's).
 */
function albumIdsOfSong(db: Database) {
  return jsonList(
    sql`${db
      .select({ ids: sql`json_agg(${albumSongs.albumId} order by ${albums.createdAt}, ${albums.id})` })
      .from(albumSongs)
      .innerJoin(albums, eq(albums.id, albumSongs.albumId))
      .where(eq(albumSongs.songId, songs.id))}`,
  );
}

const listColumns = {
  id: songs.id,
  artistId: songs.artistId,
  title: songs.title,
  additionalArtists: songs.additionalArtists,
  publisher: songs.publisher,
  songWriters: songs.songWriters,
  isrc: songs.isrc,
  embedCode: songs.embedCode,
  explicit: songs.explicit,
  releaseDate: songs.releaseDate,
  releaseAt: songs.releaseAt,
  trackNumber: songs.trackNumber,
  isExclusive: songs.isExclusive,
  comment: songs.comment,
  isFullPreview: songs.isFullPreview,
  fullPreviewPosition: songs.fullPreviewPosition,
  plays: songs.plays,
  hifives: songs.hifives,
  status: songs.status,
  downloadFiles: songs.downloadFiles,
  failureReason: songs.failureReason,
  duration: songs.duration,
  active: songs.active,
  loudness: songs.loudness,
  createdAt: songs.createdAt,
  updatedAt: songs.updatedAt,
};

function selectListed(db: Database) {
  return db.select({ ...listColumns, albumIds: albumIdsOfSong(db) }).from(songs);
}

export async function insertSong(db: Database, values: NewSongRow): Promise<SongRow> {
  const [row] = await db.insert(songs).values(values).returning();
  return row!;
}

export async function findSongById(db: Database, id: string): Promise<SongRow | null> {
  const [row] = await db.select().from(songs).where(eq(songs.id, id)).limit(1);
  return row ?? null;
}

/** The columns of a song its download and download menu read (not the waveform peaks and the rest). */
const downloadColumns = {
  id: songs.id,
  artistId: songs.artistId,
  title: songs.title,
  status: songs.status,
  duration: songs.duration,
  downloadFiles: songs.downloadFiles,
  downloadSizes: songs.downloadSizes,
  failureReason: songs.failureReason,
};
export type SongDownloadRow = Pick<SongRow, keyof typeof downloadColumns>;

/** A song as its download reads it: its columns, its artist's name, and what the actor may do with it. */
export interface SongToDownload {
  song: SongDownloadRow;
  artistName: string | null;
  mayDownload: boolean;
  mayKeep: boolean;
  /** The download was recorded by the same statement. */
  recorded: boolean;
}

/** The song a download statement reads first (a CTE), its rights computed once for the answer and the record. */
function songWithRights(db: Database, rights: { download: SQL<boolean>; keep: SQL<boolean> }) {
  return db.$with('song').as(
    db
      .select({
        ...downloadColumns,
        artistName: sql<string | null>`${artistNameOf(songs.artistId)}`.as('artist_name'),
        mayDownload: sql<boolean>`${rights.download}`.as('may_download'),
        mayKeep: sql<boolean>`${rights.keep}`.as('may_keep'),
      })
      .from(songs)
      .where(eq(songs.id, sql.placeholder('songId')))
      .limit(1),
  );
}

/** The song read by a download statement: what its record is made from. */
export type SongWithRights = ReturnType<typeof songWithRights>;

/**
 * What a download statement is made of, for one shape of actor: the actor's two rights on the song (the access
 * layer's conditions, the actor's ids as placeholders) and, when the download is to be recorded, the record
 * (`record(db, song, answered)` builds that insert from the song read, on the condition given). Equal keys,
 * equal statements.
 */
export interface DownloadStatementShape {
  key: string;
  rights(db: Database): { download: SQL<boolean>; keep: SQL<boolean> };
  record: ((db: Database, song: SongWithRights, answered: SQL) => DownloadRecordInsert) | null;
}

function downloadQuery(db: Database, shape: DownloadStatementShape) {
  const song = songWithRights(db, shape.rights(db));
  // What answers 200 from the row alone: the right, a ready song, and its stored file of this format.
  const answered = and(
    song.mayDownload,
    eq(song.status, 'ready'),
    sql`${song.downloadFiles} ->> ${sql.placeholder('format')} is not null`,
  )!;
  const recording = shape.record ? db.$with('recorded').as(shape.record(db, song, answered)) : null;
  return (recording ? db.with(song, recording) : db.with(song))
    .select({
      song: {
        id: song.id,
        artistId: song.artistId,
        title: song.title,
        status: song.status,
        duration: song.duration,
        downloadFiles: song.downloadFiles,
        downloadSizes: song.downloadSizes,
        failureReason: song.failureReason,
      },
      artistName: song.artistName,
      mayDownload: song.mayDownload,
      mayKeep: song.mayKeep,
      recorded: recording ? sql<boolean>`exists (select 1 from ${recording})` : sql<boolean>`false`,
    })
    .from(song);
}

/** The download statements, prepared once per shape (a handful: what the access rules branch on, recorded or not). */
const downloadStatements = new Map<string, (db: Database) => ReturnType<ReturnType<typeof downloadQuery>['prepare']>>();

/**
 * One statement: the song, its artist's name and the actor's two rights on it (the access layer's
 * conditions, evaluated once), and, when the shape records, the download recorded if the song's row holds the
 * file it answers. Prepared once per shape; `values`: the song, the format asked ('' for none) and the actor's
 * ids the conditions name. Null for no such song.
 */
export async function findSongToDownload(
  db: Database,
  shape: DownloadStatementShape,
  values: { songId: string; format: string; actorId: string | null; actorArtistId: string | null },
): Promise<SongToDownload | null> {
  let statement = downloadStatements.get(shape.key);
  if (!statement) {
    statement = preparedRead(
      (built, name) => downloadQuery(built, shape).prepare(name),
      `songs_download_${downloadStatements.size}`,
    );
    downloadStatements.set(shape.key, statement);
  }
  const [row] = await statement(db).execute(values);
  return row ?? null;
}

export async function findSongsByIds(db: Database, ids: string[]): Promise<SongRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(songs).where(inArray(songs.id, ids));
}

export async function updateSongRow(db: Database, id: string, values: Partial<NewSongRow>): Promise<SongRow | null> {
  const [row] = await db
    .update(songs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(songs.id, id))
    .returning();
  return row ?? null;
}

/** Keeps the download files' sizes read from storage (not a change of the song: updatedAt stays). */
export async function setSongDownloadSizes(
  db: Database,
  id: string,
  sizes: NonNullable<SongRow['downloadSizes']>,
): Promise<void> {
  await db
    .update(songs)
    .set({ downloadSizes: sizes })
    .where(and(eq(songs.id, id), isNull(songs.downloadSizes)));
}

export async function deleteSongRow(db: Database, id: string): Promise<void> {
  await db.delete(songs).where(eq(songs.id, id));
}

export interface SongListFilter {
  /** Only the songs the caller may see (the access layer's visibleSongs). */
  visible: SQL;
}

export async function listSongs(
  db: Database,
  filter: SongListFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: SongListRow[]; total: number }> {
  const where = filter.visible;
  const rows = await selectListed(db)
    .where(where)
    .orderBy(desc(songs.createdAt), desc(songs.id))
    .offset(page.offset)
    .limit(page.limit);
  const [counted] = await db.select({ total: count() }).from(songs).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function listAllSongsOfArtist(db: Database, artistId: string): Promise<SongListRow[]> {
  return selectListed(db).where(eq(songs.artistId, artistId)).orderBy(desc(songs.createdAt), desc(songs.id));
}

type ListedScope = Exclude<ArtistSongScope, 'none'>;

/** The artist's songs in the scope the access check answered (placeholder `artistId`). */
function ofArtistIn(scope: ListedScope): SQL {
  const ofArtist = eq(songs.artistId, sql.placeholder('artistId'));
  return scope === 'all' ? ofArtist : and(ofArtist, songIsOut())!;
}

const preparedPage = (scope: ListedScope) =>
  preparedRead(
    (db, name) =>
      flatRows(
        selectListed(db)
          .where(ofArtistIn(scope))
          .orderBy(desc(songs.createdAt), desc(songs.id))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .prepare(name),
      ),
    `songs_page_of_artist_${scope}`,
  );

const preparedCount = (scope: ListedScope) =>
  preparedRead(
    (db, name) => flatRows(db.select({ total: count() }).from(songs).where(ofArtistIn(scope)).prepare(name)),
    `songs_count_of_artist_${scope}`,
  );

/** The song list's two reads, prepared once per database handle for each scope. */
const artistSongReads = {
  all: { page: preparedPage('all'), count: preparedCount('all') },
  out: { page: preparedPage('out'), count: preparedCount('out') },
};

/** One page of the artist's songs in the scope, newest first, and how many there are in all. */
export async function listSongsOfArtist(
  db: Database,
  artistId: string,
  scope: ArtistSongScope,
  page: { offset: number; limit: number },
): Promise<{ rows: SongListRow[]; total: number }> {
  if (scope === 'none') return { rows: [], total: 0 };
  const reads = artistSongReads[scope];
  const rows = await reads.page(db).execute({ artistId, limit: page.limit, offset: page.offset });
  const [counted] = await reads.count(db).execute({ artistId });
  return { rows, total: counted?.total ?? 0 };
}

/** Album ids of each song, in album creation order (as lists read them: `albumIdsOfSong`). */
export async function albumIdsBySong(db: Database, songIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (songIds.length === 0) return result;
  const rows = await db
    .select({ songId: albumSongs.songId, albumId: albumSongs.albumId })
    .from(albumSongs)
    .innerJoin(albums, eq(albums.id, albumSongs.albumId))
    .where(inArray(albumSongs.songId, songIds))
    .orderBy(asc(albums.createdAt), asc(albums.id));
  for (const row of rows) result.set(row.songId, [...(result.get(row.songId) ?? []), row.albumId]);
  return result;
}

export async function listFullPreviewSongs(db: Database, artistId: string): Promise<SongRow[]> {
  return db
    .select()
    .from(songs)
    .where(and(eq(songs.artistId, artistId), eq(songs.isFullPreview, true)))
    .orderBy(asc(songs.fullPreviewPosition), asc(songs.updatedAt));
}

/**
 * Locks the artist's songs in id order: edits that rewrite several songs (the full-preview order) take
 * their turns instead of deadlocking. NO KEY UPDATE, like an UPDATE, so album rows may still point at them.
 */
export async function lockSongsOfArtist(db: Database, artistId: string): Promise<void> {
  await db
    .select({ id: songs.id })
    .from(songs)
    .where(eq(songs.artistId, artistId))
    .orderBy(asc(songs.id))
    .for('no key update');
}

/** The song's albums become exactly these: it keeps its place where it stays and joins new ones at the end. */
export async function setSongAlbums(db: Database, songId: string, albumIds: string[]): Promise<void> {
  const current = await db
    .select({ albumId: albumSongs.albumId })
    .from(albumSongs)
    .where(eq(albumSongs.songId, songId));
  // Album edits lock their album first; locking every album touched here, in id order, keeps the two apart.
  const touched = [...new Set([...current.map((row) => row.albumId), ...albumIds])].sort();
  if (touched.length)
    await db
      .select({ id: albums.id })
      .from(albums)
      .where(inArray(albums.id, touched))
      .orderBy(asc(albums.id))
      .for('update');
  const kept = new Set(current.map((row) => row.albumId).filter((albumId) => albumIds.includes(albumId)));
  const leaving = current.map((row) => row.albumId).filter((albumId) => !kept.has(albumId));
  if (leaving.length) {
    await db.delete(albumSongs).where(and(eq(albumSongs.songId, songId), inArray(albumSongs.albumId, leaving)));
  }
  for (const albumId of albumIds.filter((id) => !kept.has(id))) {
    const [next] = await db
      .select({ position: sql<number>`coalesce(max(${albumSongs.position}) + 1, 0)` })
      .from(albumSongs)
      .where(eq(albumSongs.albumId, albumId));
    await db
      .insert(albumSongs)
      .values({ albumId, songId, position: Number(next?.position ?? 0) })
      .onConflictDoNothing();
  }
}

/** How many of these albums belong to the artist. */
export async function countAlbumsOfArtist(db: Database, artistId: string, albumIds: string[]): Promise<number> {
  if (albumIds.length === 0) return 0;
  const [row] = await db
    .select({ total: count() })
    .from(albums)
    .where(and(eq(albums.artistId, artistId), inArray(albums.id, albumIds)));
  return row?.total ?? 0;
}

/** The artist's song with the most plays or Hi Fives (at least one), or null. */
export async function topSongOfArtist(
  db: Database,
  artistId: string,
  by: 'plays' | 'hifives',
): Promise<{ id: string; title: string } | null> {
  const column = by === 'plays' ? songs.plays : songs.hifives;
  const [row] = await db
    .select({ id: songs.id, title: songs.title })
    .from(songs)
    .where(and(eq(songs.artistId, artistId), gt(column, 0)))
    .orderBy(desc(column), desc(songs.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * What counts against an artist's quota: their songs, and the bytes of their uploaded originals. A
 * failed song counts for neither (a bad file must not use up a place); deleted songs are gone.
 */
export async function songUsageOfArtist(
  db: Database,
  artistId: string,
  exceptSongId?: string,
): Promise<{ songs: number; bytes: number }> {
  const [row] = await db
    .select({ songs: count(), bytes: sql<string>`coalesce(sum(${songs.originalSize}), 0)` })
    .from(songs)
    .where(
      and(
        eq(songs.artistId, artistId),
        ne(songs.status, 'failed'),
        exceptSongId ? ne(songs.id, exceptSongId) : undefined,
      ),
    );
  return { songs: Number(row?.songs ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** The song's artist, or null when there is no such song (without reading the rest of the row). */
export async function findArtistIdOfSong(db: Database, songId: string): Promise<string | null> {
  const [row] = await db.select({ artistId: songs.artistId }).from(songs).where(eq(songs.id, songId)).limit(1);
  return row?.artistId ?? null;
}

/** Each existing song's artist, keyed by song id (songs that are gone are left out). */
export async function findArtistIdsOfSongs(db: Database, songIds: string[]): Promise<Map<string, string>> {
  if (songIds.length === 0) return new Map();
  const rows = await db
    .select({ id: songs.id, artistId: songs.artistId })
    .from(songs)
    .where(inArray(songs.id, songIds));
  return new Map(rows.map((row) => [row.id, row.artistId]));
}

/**
 * One more play; counters leave updatedAt alone (it stamps edits, not listens). Inside a transaction the
 * statement is marked as a counter's, so it does not move the catalogue version (docs/decisions/0059: play
 * counts in cached pages are at most a minute old); outside one the mark lapses and the version moves.
 */
export async function incrementSongPlays(db: Database, songId: string): Promise<void> {
  await db.execute(sql`select set_config('hfm.catalogue_counters_only', 'on', true)`);
  await db
    .update(songs)
    .set({ plays: sql`${songs.plays} + 1` })
    .where(eq(songs.id, songId));
  await db.execute(sql`select set_config('hfm.catalogue_counters_only', 'off', true)`);
}

export async function setSongHiFives(db: Database, songId: string, hifives: number): Promise<void> {
  await db.update(songs).set({ hifives }).where(eq(songs.id, songId));
}

/** The sum of the Hi Fives of all the artist's songs. */
export async function sumSongHiFivesOfArtist(db: Database, artistId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${songs.hifives}), 0)` })
    .from(songs)
    .where(eq(songs.artistId, artistId));
  return Number(row?.total ?? 0);
}
