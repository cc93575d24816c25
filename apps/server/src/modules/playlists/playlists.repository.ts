import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { jsonList } from '../../platform/db/json-list.js';
import { artists } from '../../platform/db/schema/artists.js';
import { labels, playlists, playlistSongs, songs } from '../../platform/db/schema/catalogue.js';
import { releasedSong } from '../access/index.js';

/** The SQL of curated playlists: the playlists and playlist_songs tables, and the songs they hold. */

export type NewPlaylistRow = typeof playlists.$inferInsert;
export type PlaylistRow = typeof playlists.$inferSelect & { songIds: string[] };

/** Every column of the playlist and its song ids in order. */
const columns = {
  id: playlists.id,
  title: playlists.title,
  type: playlists.type,
  genreId: playlists.genreId,
  showOnFrontPage: playlists.showOnFrontPage,
  position: playlists.position,
  artwork: playlists.artwork,
  tags: playlists.tags,
  userId: playlists.userId,
  isHfmPicks: playlists.isHfmPicks,
  hfmPicksPosition: playlists.hfmPicksPosition,
  isHfmRadio: playlists.isHfmRadio,
  labelId: playlists.labelId,
  picksMonth: playlists.picksMonth,
  createdAt: playlists.createdAt,
  updatedAt: playlists.updatedAt,
  songIds:
    jsonList(sql`select json_agg(${playlistSongs.songId} order by ${playlistSongs.position}, ${playlistSongs.songId})
    from ${playlistSongs} where ${playlistSongs.playlistId} = ${playlists.id}`),
};

function selectPlaylists(db: Database) {
  return db.select(columns).from(playlists);
}

/** Newest first; playlists made together (a month's HFM Picks) by their HFM Picks position. */
export function listPlaylistRows(db: Database, limit: number, offset: number): Promise<PlaylistRow[]> {
  return selectPlaylists(db)
    .orderBy(desc(playlists.createdAt), sql`${playlists.hfmPicksPosition} asc nulls last`, desc(playlists.id))
    .limit(limit)
    .offset(offset);
}

export async function countPlaylists(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(playlists);
  return row?.total ?? 0;
}

export async function findPlaylistRow(db: Database, id: string): Promise<PlaylistRow | null> {
  const [row] = await selectPlaylists(db).where(eq(playlists.id, id)).limit(1);
  return row ?? null;
}

/** The playlists HFM Picks generation made for this month ('YYYY-MM'), by HFMPicksPosition. */
export function listPicksOfMonth(db: Database, month: string): Promise<PlaylistRow[]> {
  return selectPlaylists(db)
    .where(eq(playlists.picksMonth, month))
    .orderBy(asc(playlists.hfmPicksPosition), asc(playlists.createdAt), asc(playlists.id));
}

/** The playlist locked for this transaction (edits of one playlist take turns), or null. */
export async function lockPlaylistRow(tx: Database, id: string): Promise<PlaylistRow | null> {
  const [row] = await selectPlaylists(tx).where(eq(playlists.id, id)).for('update', { of: playlists }).limit(1);
  return row ?? null;
}

export async function insertPlaylistRow(db: Database, values: NewPlaylistRow): Promise<string> {
  const [row] = await db.insert(playlists).values(values).returning({ id: playlists.id });
  return row!.id;
}

export async function updatePlaylistRow(db: Database, id: string, values: Partial<NewPlaylistRow>): Promise<void> {
  await db
    .update(playlists)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(playlists.id, id));
}

/** Deletes the playlist (its song entries go with it); answers its artwork key, or undefined when none was there. */
export async function deletePlaylistRow(db: Database, id: string): Promise<{ artwork: string | null } | undefined> {
  const [row] = await db.delete(playlists).where(eq(playlists.id, id)).returning({ artwork: playlists.artwork });
  return row;
}

/** Deletes the month's generated HFM Picks (their song entries go with them); answers their artwork keys. */
export async function deletePicksOfMonth(tx: Database, month: string): Promise<string[]> {
  const rows = await tx
    .delete(playlists)
    .where(eq(playlists.picksMonth, month))
    .returning({ artwork: playlists.artwork });
  return rows.flatMap((row) => (row.artwork ? [row.artwork] : []));
}

/** The playlist's songs become exactly these, in this order. */
export async function replacePlaylistSongs(tx: Database, playlistId: string, songIds: string[]): Promise<void> {
  await tx.delete(playlistSongs).where(eq(playlistSongs.playlistId, playlistId));
  if (songIds.length > 0) {
    await tx.insert(playlistSongs).values(songIds.map((songId, position) => ({ playlistId, songId, position })));
  }
  await touch(tx, playlistId);
}

/** Adds the song after the last one. */
export async function appendPlaylistSong(tx: Database, playlistId: string, songId: string): Promise<void> {
  await tx.insert(playlistSongs).values({
    playlistId,
    songId,
    position: sql`(select coalesce(max(${playlistSongs.position}), -1) + 1 from ${playlistSongs}
      where ${playlistSongs.playlistId} = ${playlistId})`,
  });
  await touch(tx, playlistId);
}

/** Whether the song was on the playlist (and is no longer). */
export async function removePlaylistSong(tx: Database, playlistId: string, songId: string): Promise<boolean> {
  const removed = await tx
    .delete(playlistSongs)
    .where(and(eq(playlistSongs.playlistId, playlistId), eq(playlistSongs.songId, songId)))
    .returning({ songId: playlistSongs.songId });
  if (removed.length > 0) await touch(tx, playlistId);
  return removed.length > 0;
}

async function touch(tx: Database, playlistId: string): Promise<void> {
  await tx.update(playlists).set({ updatedAt: new Date() }).where(eq(playlists.id, playlistId));
}

export interface SongFacts {
  id: string;
  title: string;
  status: string;
  artistId: string;
  artistName: string;
  /** The artist opted in to HFM Picks and Radio. */
  optedIn: boolean;
}

/** What the playlist rules need to know of these songs (those that exist). */
export function findSongFacts(db: Database, songIds: string[]): Promise<SongFacts[]> {
  if (songIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: songs.id,
      title: songs.title,
      status: songs.status,
      artistId: songs.artistId,
      artistName: artists.name,
      optedIn: artists.hfmPicksOptIn,
    })
    .from(songs)
    .innerJoin(artists, eq(artists.id, songs.artistId))
    .where(inArray(songs.id, songIds));
}

export interface TrackRow {
  playlistId: string;
  id: string;
  title: string;
  artistId: string;
  artistName: string;
  duration: number | null;
  explicit: boolean;
  plays: number;
  hifives: number;
  released: boolean;
  optedIn: boolean;
}

/** The songs of these playlists, in each playlist's order, with what the editor shows of them. */
export function listTracks(db: Database, playlistIds: string[]): Promise<TrackRow[]> {
  if (playlistIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      playlistId: playlistSongs.playlistId,
      id: songs.id,
      title: songs.title,
      artistId: songs.artistId,
      artistName: artists.name,
      duration: songs.duration,
      explicit: songs.explicit,
      plays: songs.plays,
      hifives: songs.hifives,
      released: sql<boolean>`${releasedSong()}`,
      optedIn: artists.hfmPicksOptIn,
    })
    .from(playlistSongs)
    .innerJoin(songs, eq(songs.id, playlistSongs.songId))
    .innerJoin(artists, eq(artists.id, songs.artistId))
    .where(inArray(playlistSongs.playlistId, playlistIds))
    .orderBy(asc(playlistSongs.playlistId), asc(playlistSongs.position), asc(songs.id));
}

export async function labelExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: labels.id }).from(labels).where(eq(labels.id, id)).limit(1);
  return row !== undefined;
}
