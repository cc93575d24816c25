import {
  paginate,
  type CreateAlbumBody,
  type Paged,
  type PageQuery,
  type PublicAlbum,
  type UpdateAlbumBody,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../errors/app-error.js';
import { transactionWithRetry } from '../../platform/db/retry.js';
import { decodeImageData, processImage, type ProcessedImage } from '../../platform/media/images.js';
import { publicMediaUrl } from '../../platform/storage/public-media.js';
import { cleanKeySegment } from '../../platform/storage/storage.js';
import { requireAccess, requireArtistToManage, visibleAlbums, visibleSongs, type Actor } from '../access/index.js';
import { findArtistById, type ArtistRow } from '../artists/index.js';
import { releaseMinute, scheduleSongs } from '../songs/index.js';
import type { Database } from '../../platform/db/client.js';
import {
  countArtistSongs,
  deleteAlbumRow,
  findAlbumById,
  insertAlbum,
  listAlbumRows,
  listAlbumsOfArtist,
  replaceAlbumSongs,
  songIdsByAlbum,
  updateAlbumRow,
  type AlbumRow,
} from './albums.repository.js';
import { presentAlbum } from './albums.presenter.js';

/** With an actor, only the songs it may see (as GET /api/songs/{id}); without, the whole list (its artist's own view). */
async function present(ctx: AppContext, row: AlbumRow, actor?: Actor): Promise<PublicAlbum> {
  const visible = actor === undefined ? undefined : visibleSongs(ctx, actor);
  const songs = await songIdsByAlbum(ctx.db, [row.id], { visible });
  return presentAlbum(row, songs.get(row.id));
}

/** Read (and refused) before anything is written, so a bad image changes nothing. */
async function readArtwork(imageData: string | null | undefined): Promise<ProcessedImage | null> {
  return imageData ? processImage(decodeImageData(imageData), 2000) : null;
}

/** Keeps the first place of each song; every song must be the artist's own. */
async function checkedSongOrder(ctx: AppContext, artistId: string, songIds: string[]): Promise<string[]> {
  const unique = [...new Set(songIds)];
  if ((await countArtistSongs(ctx.db, artistId, unique)) !== unique.length) {
    throw badRequest('An album can only hold songs of its own artist.', { songs: 'Unknown song.' });
  }
  return unique;
}

/** A release time given: every song of the album drops at that minute (null: their schedule is cleared). */
async function scheduleAlbum(db: Database, albumId: string, releaseAt: string | null | undefined): Promise<void> {
  if (releaseAt === undefined) return;
  const songIds = (await songIdsByAlbum(db, [albumId])).get(albumId) ?? [];
  await scheduleSongs(db, songIds, releaseAt === null ? null : releaseMinute(releaseAt));
}

async function loadArtist(ctx: AppContext, artistId: string): Promise<ArtistRow> {
  const artist = await findArtistById(ctx.db, artistId);
  if (!artist) throw notFound('No such artist.');
  return artist;
}

/** The album and its artist, once the caller's access line has passed. */
async function loadAlbum(ctx: AppContext, id: string): Promise<{ album: AlbumRow; artist: ArtistRow }> {
  const album = await findAlbumById(ctx.db, id);
  if (!album) throw notFound('No such album.');
  return { album, artist: await loadArtist(ctx, album.artistId) };
}

export async function createAlbum(ctx: AppContext, actor: Actor, body: CreateAlbumBody): Promise<PublicAlbum> {
  const artist = await loadArtist(ctx, await requireArtistToManage(ctx, actor, body.artistID));
  const songIds = await checkedSongOrder(ctx, artist.id, body.songs ?? []);
  const image = await readArtwork(body.imageData);
  const row = await transactionWithRetry(ctx.db, async (tx) => {
    const album = await insertAlbum(tx, { artistId: artist.id, name: body.name, linerNotes: body.linerNotes ?? '' });
    await replaceAlbumSongs(tx, album.id, songIds);
    await scheduleAlbum(tx, album.id, body.releaseAt);
    return album;
  });
  if (image) await storeArtwork(ctx, row, artist, image);
  return getAlbumRow(ctx, row.id);
}

async function getAlbumRow(ctx: AppContext, id: string): Promise<PublicAlbum> {
  const row = await findAlbumById(ctx.db, id);
  if (!row) throw notFound('No such album.');
  return present(ctx, row);
}

export async function updateAlbum(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: UpdateAlbumBody,
): Promise<PublicAlbum> {
  await requireAccess(ctx, actor, 'album.manage', [id]);
  const { album, artist } = await loadAlbum(ctx, id);
  const songIds = body.songs ? await checkedSongOrder(ctx, artist.id, body.songs) : undefined;
  const image = await readArtwork(body.imageData);
  await transactionWithRetry(ctx.db, async (tx) => {
    // The row update comes first: it locks the album, so edits of one album take turns.
    await updateAlbumRow(tx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.linerNotes !== undefined ? { linerNotes: body.linerNotes } : {}),
    });
    if (songIds) await replaceAlbumSongs(tx, id, songIds);
    await scheduleAlbum(tx, id, body.releaseAt);
  });
  if (image) await storeArtwork(ctx, { ...album, name: body.name ?? album.name }, artist, image);
  return getAlbumRow(ctx, id);
}

export async function getAlbum(ctx: AppContext, actor: Actor, id: string): Promise<PublicAlbum> {
  await requireAccess(ctx, actor, 'album.view', [id]);
  const row = await findAlbumById(ctx.db, id);
  if (!row) throw notFound('No such album.');
  return present(ctx, row, actor);
}

/** Every album of an artist with its full song order: the artist's own view (studio, /api/initial). */
export async function listOwnAlbums(ctx: AppContext, actor: Actor, artistId: string): Promise<PublicAlbum[]> {
  await requireAccess(ctx, actor, 'artist.manage', [artistId]);
  const rows = await listAlbumsOfArtist(ctx.db, artistId);
  const songs = await songIdsByAlbum(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentAlbum(row, songs.get(row.id)));
}

export async function listArtistAlbums(ctx: AppContext, actor: Actor, artistId: string): Promise<PublicAlbum[]> {
  await requireAccess(ctx, actor, 'artist.view', [artistId]);
  const rows = await listAlbumsOfArtist(ctx.db, artistId);
  const songs = await songIdsByAlbum(
    ctx.db,
    rows.map((row) => row.id),
    { visible: visibleSongs(ctx, actor) },
  );
  return rows.map((row) => presentAlbum(row, songs.get(row.id)));
}

/** GET /api/albums: every album the actor may see (as GET /api/albums/{id}), newest first, with its visible songs. */
export async function listAlbums(ctx: AppContext, actor: Actor, query: PageQuery): Promise<Paged<PublicAlbum>> {
  const { rows, total } = await listAlbumRows(ctx.db, visibleAlbums(actor), {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  const songs = await songIdsByAlbum(
    ctx.db,
    rows.map((row) => row.id),
    { visible: visibleSongs(ctx, actor) },
  );
  return {
    items: rows.map((row) => presentAlbum(row, songs.get(row.id))),
    pagination: paginate(query.page, query.limit, total),
  };
}

export async function deleteAlbum(ctx: AppContext, actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
  await requireAccess(ctx, actor, 'album.manage', [id]);
  const { album } = await loadAlbum(ctx, id);
  await deleteAlbumRow(ctx.db, id);
  if (album.artworkKey) await ctx.storage.delete(album.artworkKey).catch(() => undefined);
  return { id, deleted: true };
}

export async function uploadAlbumArtwork(
  ctx: AppContext,
  actor: Actor,
  id: string,
  imageData: string,
): Promise<{ path: string }> {
  await requireAccess(ctx, actor, 'album.manage', [id]);
  const { album, artist } = await loadAlbum(ctx, id);
  const key = await storeArtwork(ctx, album, artist, await processImage(decodeImageData(imageData), 2000));
  return { path: publicMediaUrl(key) };
}

export function albumArtworkFileName(image: Pick<ProcessedImage, 'extension'>): string {
  return `album-artwork${Date.now()}.${image.extension}`;
}

/** album-artwork/{userId}/{artist name}/{album name}/{file}. */
export function albumArtworkKey(artist: Pick<ArtistRow, 'userId' | 'name'>, albumName: string, fileName: string) {
  return ['album-artwork', artist.userId, cleanKeySegment(artist.name), cleanKeySegment(albumName), fileName].join('/');
}

/** album-artwork/{userId}/{artist name}/{album name}/album-artwork{timestamp}.{ext}, re-encoded without metadata. */
async function storeArtwork(
  ctx: AppContext,
  album: AlbumRow,
  artist: ArtistRow,
  image: ProcessedImage,
): Promise<string> {
  const fileName = albumArtworkFileName(image);
  const key = albumArtworkKey(artist, album.name, fileName);
  await ctx.storage.put(key, image.data, image.contentType);
  await updateAlbumRow(ctx.db, album.id, { artwork: fileName, artworkKey: key });
  if (album.artworkKey && album.artworkKey !== key) await ctx.storage.delete(album.artworkKey).catch(() => undefined);
  return key;
}
