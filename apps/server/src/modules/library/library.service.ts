import {
  paginate,
  type DownloadFormat,
  type MyMusicArtists,
  type MyMusicQuery,
  type MyMusicSongIds,
  type PagedMyMusic,
} from '@hfm/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { checkAccess, requireAccess, type Actor } from '../access/index.js';
import { presentMyMusicSong } from './library.presenter.js';
import type { Database } from '../../platform/db/client.js';
import {
  countKeptSongs,
  deleteDownloadsOfMember,
  listKeptArtists,
  listKeptSongsOfArtist,
  insertDownloads,
  insertDownloadWhen,
  listKeptSongIds,
  listKeptSongs,
  type DownloadRecordInsert,
} from './library.repository.js';

/**
 * Records downloads the caller was allowed to make, one row per song and format. A download made while the
 * member subscribes to the song's artist is kept: the song is theirs for good (docs/decisions/0016).
 * Call it once the access check passed and the URL or stream is ready.
 */
export async function recordDownloads(
  ctx: AppContext,
  member: SessionUser,
  songIds: string[],
  format: DownloadFormat,
): Promise<void> {
  const kept = await checkAccess(ctx, member, 'song.keep', songIds);
  await insertDownloads(
    ctx.db,
    songIds.map((songId) => ({ memberId: member.id, songId, format, kept: kept.has(songId) })),
  );
}

/**
 * Records one download whose `song.keep` the caller read already, in the statement that read the song
 * (songPermissionCondition): a format made on first request, recorded once its file is ready.
 */
export async function recordCheckedDownload(
  ctx: AppContext,
  member: SessionUser,
  songId: string,
  format: DownloadFormat,
  kept: boolean,
): Promise<void> {
  await insertDownloads(ctx.db, [{ memberId: member.id, songId, format, kept }]);
}

/**
 * The part of a song's download statement that records the download: made from the song read earlier in that
 * statement, only when `when` holds on it, kept when its `mayKeep` (the access layer's song.keep) does. The
 * statement is prepared: the member is its `actorId` placeholder, the format its `format`.
 */
export function downloadRecordOf(
  db: Database,
  song: Parameters<typeof insertDownloadWhen>[2],
  when: SQL,
): DownloadRecordInsert {
  return insertDownloadWhen(
    db,
    { memberId: sql.placeholder('actorId'), format: sql.placeholder('format') },
    song,
    when,
  );
}

/** My Music: every song the member downloaded while subscribed, newest download first. */
export async function listMyMusic(
  ctx: AppContext,
  actor: Actor,
  memberId: string,
  query: MyMusicQuery,
): Promise<PagedMyMusic> {
  await requireAccess(ctx, actor, 'user.library', [memberId]);
  const [total, rows] = await Promise.all([
    countKeptSongs(ctx.db, memberId, query.artistID),
    listKeptSongs(ctx.db, memberId, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      artistId: query.artistID,
      sort: query.sort,
    }),
  ]);
  return { items: rows.map(presentMyMusicSong), pagination: paginate(query.page, query.limit, total) };
}

/** The artists whose songs the member keeps (My Music's filter). */
export async function listMyMusicArtists(ctx: AppContext, actor: Actor, memberId: string): Promise<MyMusicArtists> {
  await requireAccess(ctx, actor, 'user.library', [memberId]);
  const rows = await listKeptArtists(ctx.db, memberId);
  return rows.map((row) => ({ _id: row.id, id: row.id, name: row.name, songCount: Number(row.songCount) }));
}

/** The songs the member keeps by one artist (for "download everything kept"), by title. */
export async function listKeptSongsByArtist(
  ctx: AppContext,
  actor: Actor,
  memberId: string,
  artistId: string,
): Promise<Array<{ songId: string; title: string }>> {
  await requireAccess(ctx, actor, 'user.library', [memberId]);
  return listKeptSongsOfArtist(ctx.db, memberId, artistId);
}

/** The ids of every song the member keeps, for the web app's download buttons. */
export async function listMyMusicSongIds(ctx: AppContext, actor: Actor, memberId: string): Promise<MyMusicSongIds> {
  await requireAccess(ctx, actor, 'user.library', [memberId]);
  return { songIDs: await listKeptSongIds(ctx.db, memberId) };
}

/**
 * A deleted account's download history is personal data: it goes with the account (inside the deletion's
 * transaction). What the member kept cannot be claimed again: the account no longer signs in.
 */
export async function forgetDownloadsOfDeletedMember(tx: Database, memberId: string): Promise<void> {
  await deleteDownloadsOfMember(tx, memberId);
}
