import type { CreateAlbumBody, PublicAlbum, UpdateAlbumBody } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../errors/app-error.js';
import { decodeImageData, processImage, type ProcessedImage } from '../../platform/media/images.js';
import { cleanKeySegment } from '../../platform/storage/storage.js';
import type { SessionUser } from '../auth/sessions.js';
import { canManageArtist, findArtistRef, resolveManagedArtist, type ArtistRef } from '../songs/song-access.js';
import {
  countArtistSongs,
  deleteAlbumRow,
  findAlbumById,
  insertAlbum,
  listAlbumsOfArtist,
  replaceAlbumSongs,
  songIdsByAlbum,
  updateAlbumRow,
  type AlbumRow,
} from './albums.repository.js';
import { presentAlbum } from './albums.presenter.js';

/** Listeners see only the songs they can play; the artist and admins see the whole list. */
async function present(ctx: AppContext, row: AlbumRow, listenableOnly = false): Promise<PublicAlbum> {
  const songs = await songIdsByAlbum(ctx.db, [row.id], { listenableOnly });
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

async function findManagedAlbum(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<{ album: AlbumRow; artist: ArtistRef }> {
  const album = await findAlbumById(ctx.db, id);
  if (!album) throw notFound('No such album.');
  const artist = await resolveManagedArtist(ctx.db, user, album.artistId);
  return { album, artist };
}

export async function createAlbum(ctx: AppContext, user: SessionUser, body: CreateAlbumBody): Promise<PublicAlbum> {
  const artist = await resolveManagedArtist(ctx.db, user, body.artistID);
  const songIds = await checkedSongOrder(ctx, artist.id, body.songs ?? []);
  const image = await readArtwork(body.imageData);
  const row = await ctx.db.transaction(async (tx) => {
    const album = await insertAlbum(tx, { artistId: artist.id, name: body.name, linerNotes: body.linerNotes ?? '' });
    await replaceAlbumSongs(tx, album.id, songIds);
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
  user: SessionUser,
  id: string,
  body: UpdateAlbumBody,
): Promise<PublicAlbum> {
  const { album, artist } = await findManagedAlbum(ctx, user, id);
  const songIds = body.songs ? await checkedSongOrder(ctx, artist.id, body.songs) : undefined;
  const image = await readArtwork(body.imageData);
  await ctx.db.transaction(async (tx) => {
    await updateAlbumRow(tx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.linerNotes !== undefined ? { linerNotes: body.linerNotes } : {}),
    });
    if (songIds) await replaceAlbumSongs(tx, id, songIds);
  });
  if (image) await storeArtwork(ctx, { ...album, name: body.name ?? album.name }, artist, image);
  return getAlbumRow(ctx, id);
}

export async function getAlbum(ctx: AppContext, user: SessionUser | null, id: string): Promise<PublicAlbum> {
  const row = await findAlbumById(ctx.db, id);
  if (!row) throw notFound('No such album.');
  const manages = canManageArtist(user, row.artistId);
  if (!manages && (await findArtistRef(ctx.db, row.artistId))?.status !== 'ACTIVE') throw notFound('No such album.');
  return present(ctx, row, !manages);
}

/** Every album of an artist with its full song order: the artist's own view (studio, /api/initial). */
export async function listOwnAlbums(ctx: AppContext, artistId: string): Promise<PublicAlbum[]> {
  const rows = await listAlbumsOfArtist(ctx.db, artistId);
  const songs = await songIdsByAlbum(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentAlbum(row, songs.get(row.id)));
}

export async function listArtistAlbums(
  ctx: AppContext,
  user: SessionUser | null,
  artistId: string,
): Promise<PublicAlbum[]> {
  const artist = await findArtistRef(ctx.db, artistId);
  const manages = canManageArtist(user, artistId);
  if (!artist || (!manages && artist.status !== 'ACTIVE')) throw notFound('No such artist.');
  const rows = await listAlbumsOfArtist(ctx.db, artistId);
  const songs = await songIdsByAlbum(
    ctx.db,
    rows.map((row) => row.id),
    { listenableOnly: !manages },
  );
  return rows.map((row) => presentAlbum(row, songs.get(row.id)));
}

export async function deleteAlbum(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<{ id: string; deleted: true }> {
  const { album } = await findManagedAlbum(ctx, user, id);
  await deleteAlbumRow(ctx.db, id);
  if (album.artworkKey) await ctx.storage.delete(album.artworkKey).catch(() => undefined);
  return { id, deleted: true };
}

export async function uploadAlbumArtwork(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  imageData: string,
): Promise<{ path: string }> {
  const { album, artist } = await findManagedAlbum(ctx, user, id);
  const key = await storeArtwork(ctx, album, artist, await processImage(decodeImageData(imageData), 2000));
  return { path: `/media/${key}` };
}

/** album-artwork/{userId}/{artist name}/{album name}/album-artwork{timestamp}.{ext}, re-encoded without metadata. */
async function storeArtwork(
  ctx: AppContext,
  album: AlbumRow,
  artist: ArtistRef,
  image: ProcessedImage,
): Promise<string> {
  const fileName = `album-artwork${Date.now()}.${image.extension}`;
  const key = [
    'album-artwork',
    artist.userId,
    cleanKeySegment(artist.name),
    cleanKeySegment(album.name),
    fileName,
  ].join('/');
  await ctx.storage.put(key, image.data, image.contentType);
  await updateAlbumRow(ctx.db, album.id, { artwork: fileName, artworkKey: key });
  if (album.artworkKey && album.artworkKey !== key) await ctx.storage.delete(album.artworkKey).catch(() => undefined);
  return key;
}
