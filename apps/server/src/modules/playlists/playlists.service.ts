import {
  DEFAULT_PLAYLIST_TITLE,
  DEFAULT_PLAYLIST_TYPE,
  MAX_PLAYLIST_SONGS,
  paginate,
  playlistFieldMessages,
  type AdminPlaylist,
  type CreatePlaylistBody,
  type DeletedAnswer,
  type PagedAdminPlaylists,
  type PageQuery,
  type UpdatePlaylistBody,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { transactionWithRetry } from '../../platform/db/retry.js';
import { requireAdmin, type Actor } from '../access/index.js';
import { checkReferences, checkSongList, normaliseSongIds, type CurationFlags } from './playlist-rules.js';
import { presentPlaylist, presentPlaylistSummary } from './playlists.presenter.js';
import {
  appendPlaylistSong,
  countPlaylists,
  deletePlaylistRow,
  findPlaylistRow,
  insertPlaylistRow,
  listPlaylistRows,
  listTracks,
  lockPlaylistRow,
  removePlaylistSong,
  replacePlaylistSongs,
  updatePlaylistRow,
  type NewPlaylistRow,
  type PlaylistRow,
} from './playlists.repository.js';

/**
 * Curated playlists (admins only): create, update, delete, their songs (add, remove, reorder). Fans read
 * them through modules/discovery; what HFM Radio and HFM Picks open up is docs/decisions/0022.
 */

export const NO_SUCH_PLAYLIST = 'No such playlist.';
export const SONG_NOT_ON_PLAYLIST = 'That song is not on this playlist.';
export const SONG_ON_PLAYLIST_ALREADY = 'That song is on this playlist already.';
export const PLAYLIST_CHANGED =
  'The playlist’s songs have changed since you opened it. Please reload it and try again.';

/** The playlist with its tracks, as the editor shows it. */
export async function presentPlaylistOf(db: Database, row: PlaylistRow): Promise<AdminPlaylist> {
  return presentPlaylist(row, await listTracks(db, [row.id]));
}

async function loadPlaylist(db: Database, id: string): Promise<AdminPlaylist> {
  const row = await findPlaylistRow(db, id);
  if (!row) throw notFound(NO_SUCH_PLAYLIST);
  return presentPlaylistOf(db, row);
}

/** The columns a body sets (only the fields it sends). */
function columnsOf(body: UpdatePlaylistBody): Partial<NewPlaylistRow> {
  const type = body.type ?? body.listType;
  return {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(type !== undefined ? { type } : {}),
    ...(body.genre !== undefined ? { genreId: body.genre } : {}),
    ...(body.showOnFrontPage !== undefined ? { showOnFrontPage: body.showOnFrontPage } : {}),
    ...(body.position !== undefined ? { position: body.position } : {}),
    ...(body.tags !== undefined ? { tags: body.tags } : {}),
    ...(body.isHFMPicks !== undefined ? { isHfmPicks: body.isHFMPicks } : {}),
    ...(body.HFMPicksPosition !== undefined ? { hfmPicksPosition: body.HFMPicksPosition } : {}),
    ...(body.isHFMRadio !== undefined ? { isHfmRadio: body.isHFMRadio } : {}),
    ...(body.label !== undefined ? { labelId: body.label } : {}),
  };
}

/** GET /api/playlists?page&limit: every playlist, newest first. */
export async function listPlaylists(ctx: AppContext, actor: Actor, query: PageQuery): Promise<PagedAdminPlaylists> {
  requireAdmin(actor);
  const [total, rows] = await Promise.all([
    countPlaylists(ctx.db),
    listPlaylistRows(ctx.db, query.limit, (query.page - 1) * query.limit),
  ]);
  return { items: rows.map(presentPlaylistSummary), pagination: paginate(query.page, query.limit, total) };
}

/** GET /api/playlists/{id}/edit: one playlist with its tracks, whatever fans can hear of it. */
export async function getPlaylistForEditing(ctx: AppContext, actor: Actor, id: string): Promise<AdminPlaylist> {
  requireAdmin(actor);
  return loadPlaylist(ctx.db, id);
}

/** POST /api/playlists/create: no id, Save creates (the songs in the body, in order). */
export async function createPlaylist(ctx: AppContext, actor: Actor, body: CreatePlaylistBody): Promise<AdminPlaylist> {
  const user = requireAdmin(actor);
  const songIds = normaliseSongIds(body.songs ?? []);
  const flags: CurationFlags = { isHFMRadio: body.isHFMRadio ?? false, isHFMPicks: body.isHFMPicks ?? false };
  await checkReferences(ctx, body);
  await checkSongList(ctx, songIds, flags, { added: new Set(songIds), flagsTurnedOn: true });
  const id = await transactionWithRetry(ctx.db, async (tx) => {
    const created = await insertPlaylistRow(tx, {
      title: DEFAULT_PLAYLIST_TITLE,
      type: DEFAULT_PLAYLIST_TYPE,
      ...columnsOf(body),
      userId: user.id,
    });
    await replacePlaylistSongs(tx, created, songIds);
    return created;
  });
  return loadPlaylist(ctx.db, id);
}

/** PUT or PATCH /api/playlists/{id}: with an id, Save updates what the body sends (`songs`: the whole list). */
export async function updatePlaylist(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: UpdatePlaylistBody,
): Promise<AdminPlaylist> {
  requireAdmin(actor);
  const songIds = body.songs ? normaliseSongIds(body.songs) : undefined;
  await checkReferences(ctx, body);
  await titleClashIsConflict(() =>
    transactionWithRetry(ctx.db, async (tx) => {
      const row = await lockPlaylistRow(tx, id);
      if (!row) throw notFound(NO_SUCH_PLAYLIST);
      const flags: CurationFlags = {
        isHFMRadio: body.isHFMRadio ?? row.isHfmRadio,
        isHFMPicks: body.isHFMPicks ?? row.isHfmPicks,
      };
      const flagsTurnedOn = (flags.isHFMRadio && !row.isHfmRadio) || (flags.isHFMPicks && !row.isHfmPicks);
      const before = new Set(row.songIds);
      const list = songIds ?? row.songIds;
      await checkSongList({ db: tx }, list, flags, {
        added: new Set(list.filter((songId) => !before.has(songId))),
        flagsTurnedOn,
      });
      await updatePlaylistRow(tx, id, columnsOf(body));
      if (songIds) await replacePlaylistSongs(tx, id, songIds);
    }),
  );
  return loadPlaylist(ctx.db, id);
}

export const PICKS_TITLE_TAKEN = 'This month’s HFM Picks have a playlist with that title already.';

/** A generated playlist renamed to the title of another of its month's (the unique month and title): 409. */
async function titleClashIsConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'playlists_picks_month_title_idx')) throw conflict(PICKS_TITLE_TAKEN);
    throw error;
  }
}

/** DELETE /api/playlists/remove/{id} (and DELETE /api/playlists/{id}): the playlist and its artwork. */
export async function deletePlaylist(ctx: AppContext, actor: Actor, id: string): Promise<DeletedAnswer> {
  requireAdmin(actor);
  const deleted = await deletePlaylistRow(ctx.db, id);
  if (!deleted) throw notFound(NO_SUCH_PLAYLIST);
  if (deleted.artwork) await deleteStoredQuietly(ctx, deleted.artwork);
  return { id, deleted: true };
}

export async function deleteStoredQuietly(ctx: AppContext, key: string): Promise<void> {
  await ctx.storage.delete(key).catch((error: unknown) => {
    ctx.log.warn({ err: error, key }, 'could not delete a playlist image');
  });
}

/** Runs a change of one playlist's songs on the locked row (404 when it is gone), then answers the playlist. */
async function changeSongs(
  ctx: AppContext,
  id: string,
  change: (tx: Database, row: PlaylistRow) => Promise<void>,
): Promise<AdminPlaylist> {
  await transactionWithRetry(ctx.db, async (tx) => {
    const row = await lockPlaylistRow(tx, id);
    if (!row) throw notFound(NO_SUCH_PLAYLIST);
    await change(tx, row);
  });
  return loadPlaylist(ctx.db, id);
}

/** POST /api/playlists/{id}/songs: adds one song at the end (409 when it is there already). */
export async function addPlaylistSong(
  ctx: AppContext,
  actor: Actor,
  id: string,
  songId: string,
): Promise<AdminPlaylist> {
  requireAdmin(actor);
  const song = songId.toLowerCase();
  return changeSongs(ctx, id, async (tx, row) => {
    if (row.songIds.includes(song)) throw conflict(SONG_ON_PLAYLIST_ALREADY);
    if (row.songIds.length >= MAX_PLAYLIST_SONGS) {
      throw badRequest(playlistFieldMessages.tooManySongs, { songs: playlistFieldMessages.tooManySongs });
    }
    const flags = { isHFMRadio: row.isHfmRadio, isHFMPicks: row.isHfmPicks };
    await checkSongList({ db: tx }, [...row.songIds, song], flags, { added: new Set([song]), flagsTurnedOn: false });
    await appendPlaylistSong(tx, id, song);
  });
}

/** DELETE /api/playlists/{id}/songs/{songId}: takes the song off (404 when it is not on it). */
export async function removeSongFromPlaylist(
  ctx: AppContext,
  actor: Actor,
  id: string,
  songId: string,
): Promise<AdminPlaylist> {
  requireAdmin(actor);
  return changeSongs(ctx, id, async (tx) => {
    if (!(await removePlaylistSong(tx, id, songId.toLowerCase()))) throw notFound(SONG_NOT_ON_PLAYLIST);
  });
}

/**
 * PUT /api/playlists/{id}/songs: the same songs in a new order (a drag). A list that is not the playlist's
 * songs (another admin added or removed one meanwhile) is a 409, so a stale drag never undoes their edit.
 */
export async function reorderPlaylistSongs(
  ctx: AppContext,
  actor: Actor,
  id: string,
  songIds: string[],
): Promise<AdminPlaylist> {
  requireAdmin(actor);
  const order = normaliseSongIds(songIds);
  return changeSongs(ctx, id, async (tx, row) => {
    const current = new Set(row.songIds);
    if (order.length !== current.size || order.some((songId) => !current.has(songId))) {
      throw conflict(PLAYLIST_CHANGED);
    }
    await replacePlaylistSongs(tx, id, order);
  });
}
