import {
  dobToIsoDate,
  paginate,
  parseDob,
  type CreateSongBody,
  type Paged,
  type PageQuery,
  type PublicSong,
  type SongPeaks,
  type UpdateSongBody,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import type { Database } from '../../platform/db/client.js';
import { transactionWithRetry } from '../../platform/db/retry.js';
import { badRequest, notFound } from '../../errors/app-error.js';
import {
  requireAccess,
  requireArtistSongScope,
  requireArtistToManage,
  visibleSongs,
  type Actor,
} from '../access/index.js';
import {
  albumIdsBySong,
  countAlbumsOfArtist,
  deleteSongRow,
  findSongById,
  insertSong,
  listAllSongsOfArtist,
  listFullPreviewSongs,
  listSongs,
  listSongsOfArtist,
  lockSongsOfArtist,
  topSongOfArtist,
  setSongAlbums,
  updateSongRow,
  type NewSongRow,
  type SongListRow,
  type SongRow,
} from './songs.repository.js';
import { assertSongQuota } from './songs.limits.js';
import { releaseValues } from './songs.schedule.js';
import { presentPeaks, presentSong } from './songs.presenter.js';

function toIsoReleaseDate(value: string): string {
  const parsed = parseDob(value);
  if (!parsed)
    throw badRequest('Please enter a valid release date (MM/DD/YYYY).', {
      releaseDate: 'Please enter a valid release date (MM/DD/YYYY).',
    });
  return dobToIsoDate(parsed);
}

const isoDateOf = (value: string | undefined) => (value === undefined ? undefined : toIsoReleaseDate(value));

function editableValues(body: UpdateSongBody): Partial<NewSongRow> {
  const values: Partial<NewSongRow> = {};
  if (body.title !== undefined) values.title = body.title?.trim() || 'Untitled';
  if (body.additionalArtists !== undefined) values.additionalArtists = body.additionalArtists || null;
  if (body.publisher !== undefined) values.publisher = body.publisher || null;
  if (body.songWriters !== undefined) values.songWriters = body.songWriters || null;
  if (body.ISRC !== undefined) values.isrc = body.ISRC ? body.ISRC.toUpperCase() : null;
  if (body.embedCode !== undefined) values.embedCode = body.embedCode || null;
  if (body.explicit !== undefined) values.explicit = body.explicit;
  if (body.trackNumber !== undefined) values.trackNumber = body.trackNumber;
  if (body.isExclusive !== undefined) values.isExclusive = body.isExclusive;
  if (body.comment !== undefined) values.comment = body.comment || null;
  if (body.active !== undefined) values.active = body.active;
  return values;
}

async function present(ctx: AppContext, row: SongRow): Promise<PublicSong> {
  const albums = await albumIdsBySong(ctx.db, [row.id]);
  return presentSong(row, albums.get(row.id));
}

async function assertAlbumsOfArtist(ctx: AppContext, artistId: string, albumIds: string[] | undefined): Promise<void> {
  if (!albumIds?.length) return;
  const unique = [...new Set(albumIds)];
  if ((await countAlbumsOfArtist(ctx.db, artistId, unique)) !== unique.length) {
    throw badRequest('A song can only be added to albums of its own artist.', { albumIDs: 'Unknown album.' });
  }
}

export async function createSong(ctx: AppContext, actor: Actor, body: CreateSongBody): Promise<PublicSong> {
  const artistId = await requireArtistToManage(ctx, actor, body.artistID);
  await assertAlbumsOfArtist(ctx, artistId, body.albumIDs);
  await assertSongQuota(ctx, artistId);
  const values = {
    ...editableValues(body),
    ...(await releaseValues(ctx.db, body, isoDateOf(body.releaseDate), undefined)),
  };
  const row = await transactionWithRetry(ctx.db, async (tx) => {
    const song = await insertSong(tx, {
      ...values,
      title: values.title ?? 'Untitled',
      artistId,
      status: 'pending',
    });
    if (body.albumIDs?.length) await setSongAlbums(tx, song.id, [...new Set(body.albumIDs)]);
    return song;
  });
  return present(ctx, row);
}

/** Owners and admins see a song in every state; everyone else only ready, active songs of active artists. */
export async function getSong(ctx: AppContext, actor: Actor, id: string): Promise<PublicSong> {
  await requireAccess(ctx, actor, 'song.view', [id]);
  return present(ctx, await loadSong(ctx, id));
}

/** The song's waveform, for whoever may see the song. */
export async function getSongPeaks(ctx: AppContext, actor: Actor, id: string): Promise<SongPeaks> {
  await requireAccess(ctx, actor, 'song.view', [id]);
  return presentPeaks(await loadSong(ctx, id));
}

/** The song row, once the caller's access line has passed (a song deleted since is still a 404). */
export async function loadSong(ctx: AppContext, id: string): Promise<SongRow> {
  const row = await findSongById(ctx.db, id);
  if (!row) throw notFound('No such song.');
  return row;
}

export async function updateSong(ctx: AppContext, actor: Actor, id: string, body: UpdateSongBody): Promise<PublicSong> {
  await requireAccess(ctx, actor, 'song.manage', [id]);
  const song = await loadSong(ctx, id);
  await assertAlbumsOfArtist(ctx, song.artistId, body.albumIDs);
  const values = {
    ...editableValues(body),
    ...(await releaseValues(ctx.db, body, isoDateOf(body.releaseDate), id)),
  };
  const row = await transactionWithRetry(ctx.db, async (tx) => {
    const updated = await updateSongRow(tx, id, values);
    if (body.albumIDs) await setSongAlbums(tx, id, [...new Set(body.albumIDs)]);
    return updated!;
  });
  return present(ctx, row);
}

export async function deleteSong(ctx: AppContext, actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
  await requireAccess(ctx, actor, 'song.manage', [id]);
  const song = await loadSong(ctx, id);
  await deleteSongRow(ctx.db, id);
  // Abort before removing the files: its part URLs then answer 404 and its parts leave the store.
  if (song.uploadId && song.originalKey) {
    await ctx.storage.abortMultipartUpload(song.originalKey, song.uploadId).catch((error: unknown) => {
      ctx.log.warn({ err: error, songId: id }, 'could not abort the upload of a deleted song');
    });
  }
  await removeSongMedia(ctx, song);
  return { id, deleted: true };
}

async function removeSongMedia(ctx: AppContext, song: SongRow): Promise<void> {
  const keys = [
    song.originalKey,
    song.streamFile,
    song.dashManifest,
    song.previewFile,
    song.downloadFile,
    ...Object.values(song.downloadFiles ?? {}),
  ].filter((key): key is string => Boolean(key));
  try {
    if (song.mediaPrefix) await ctx.storage.deletePrefix(song.mediaPrefix);
    else await Promise.all(keys.map((key) => ctx.storage.delete(key)));
  } catch (error) {
    ctx.log.warn({ err: error, songId: song.id }, 'could not remove every file of a deleted song');
  }
}

export async function listArtistSongs(
  ctx: AppContext,
  actor: Actor,
  artistId: string,
  query: PageQuery,
): Promise<Paged<PublicSong>> {
  const scope = await requireArtistSongScope(ctx, actor, artistId);
  return presentPage(query, await listSongsOfArtist(ctx.db, artistId, scope, pageOf(query)));
}

/** Every song of an artist in every state, newest first: the artist's own view (studio, /api/initial). */
export async function listOwnSongs(ctx: AppContext, actor: Actor, artistId: string): Promise<PublicSong[]> {
  await requireAccess(ctx, actor, 'artist.manage', [artistId]);
  const rows = await listAllSongsOfArtist(ctx.db, artistId);
  return rows.map((row) => presentSong(row, row.albumIds));
}

/** Every song the actor may see (released ones; an artist's own and admins' all, as for one song), newest first. */
export async function listAllSongs(ctx: AppContext, actor: Actor, query: PageQuery): Promise<Paged<PublicSong>> {
  return presentPage(query, await listSongs(ctx.db, { visible: visibleSongs(ctx, actor) }, pageOf(query)));
}

const pageOf = (query: PageQuery) => ({ offset: (query.page - 1) * query.limit, limit: query.limit });

function presentPage(query: PageQuery, { rows, total }: { rows: SongListRow[]; total: number }): Paged<PublicSong> {
  return {
    items: rows.map((row) => presentSong(row, row.albumIds)),
    pagination: paginate(query.page, query.limit, total),
  };
}

function fullPreviewList(rows: SongRow[]) {
  return rows.map((row) => ({
    id: row.id,
    updatedAt: row.updatedAt.toISOString(),
    isFullPreview: row.isFullPreview,
    fullPreviewPosition: row.fullPreviewPosition,
  }));
}

/** Writes positions 0..n-1 in this order, touching only the songs whose place changes. */
async function saveFullPreviewOrder(db: Database, current: SongRow[], ordered: string[]): Promise<void> {
  const byId = new Map(current.map((row) => [row.id, row]));
  for (const [index, songId] of ordered.entries()) {
    const row = byId.get(songId);
    if (row?.isFullPreview && row.fullPreviewPosition === index) continue;
    await updateSongRow(db, songId, { isFullPreview: true, fullPreviewPosition: index });
  }
}

/**
 * The artist's chosen full-preview songs play in full for everyone, in this order: the song takes the
 * asked place (or the last one) and the others close up around it.
 */
export async function setFullPreviewPosition(ctx: AppContext, actor: Actor, id: string, position: number) {
  await requireAccess(ctx, actor, 'song.manage', [id]);
  const song = await loadSong(ctx, id);
  await transactionWithRetry(ctx.db, async (tx) => {
    await lockSongsOfArtist(tx, song.artistId);
    const current = await listFullPreviewSongs(tx, song.artistId);
    const others = current.filter((row) => row.id !== id).map((row) => row.id);
    await saveFullPreviewOrder(tx, current, [...others.slice(0, position), id, ...others.slice(position)]);
  });
  return fullPreviewList(await listFullPreviewSongs(ctx.db, song.artistId));
}

export async function removeFullPreview(ctx: AppContext, actor: Actor, id: string) {
  await requireAccess(ctx, actor, 'song.manage', [id]);
  const song = await loadSong(ctx, id);
  await transactionWithRetry(ctx.db, async (tx) => {
    await lockSongsOfArtist(tx, song.artistId);
    await updateSongRow(tx, id, { isFullPreview: false, fullPreviewPosition: 0 });
    const remaining = await listFullPreviewSongs(tx, song.artistId);
    await saveFullPreviewOrder(
      tx,
      remaining,
      remaining.map((row) => row.id),
    );
  });
  return fullPreviewList(await listFullPreviewSongs(ctx.db, song.artistId));
}

/** The artist's most played or most Hi Fived song (at least one), for the studio's stats. */
export function findTopSongOfArtist(ctx: AppContext, artistId: string, by: 'plays' | 'hifives') {
  return topSongOfArtist(ctx.db, artistId, by);
}
