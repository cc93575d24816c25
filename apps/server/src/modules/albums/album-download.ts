import type { DownloadFormat, DownloadOption, ZipStatus } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { AppError, forbidden, notFound } from '../../errors/app-error.js';
import { cleanKeySegment } from '../../platform/storage/storage.js';
import type { ZipArchive } from '../../platform/storage/zip-archive.js';
import { checkAccess, requireAccess, requireSignedIn, type Actor } from '../access/index.js';
import { findArtistById } from '../artists/index.js';
import { recordDownloads } from '../library/index.js';
import { songsZip, songsZipOptions, songsZipStatus, zipEntryTitle, type ZipSong } from '../songs/index.js';
import { findAlbumById, songIdsByAlbum } from './albums.repository.js';

export interface AlbumZip extends ZipArchive {
  /** The archive's file name: `{artist}-{album}.zip`. */
  fileName: string;
}

/** `NN - Title.ext`: NN is the song's place in the album (so a partial zip keeps the album's numbers). */
export function albumEntryName(position: number, title: string, extension: string): string {
  return `${String(position).padStart(2, '0')} - ${zipEntryTitle(title)}.${extension}`;
}

interface DownloadableAlbum {
  /** The album's songs the caller may download, in album order (the others keep their numbers). */
  allowedSongIds: string[];
  /** Each song's place in the album, from 1. */
  positions: Map<string, number>;
  /** The archive's file name: `{artist}-{album}.zip`. */
  fileName: string;
}

/**
 * The album and the songs in it the caller may download (subscribers to its artist, the artist, admins,
 * and members who keep some of its songs). Someone who may see the album but download none of it is told
 * to subscribe (403); an album they may not see is a 404.
 */
async function findDownloadableAlbum(ctx: AppContext, actor: Actor, albumId: string): Promise<DownloadableAlbum> {
  const member = requireSignedIn(actor);
  const album = await findAlbumById(ctx.db, albumId);
  const songIds = album ? ((await songIdsByAlbum(ctx.db, [album.id])).get(album.id) ?? []) : [];
  const allowed = await checkAccess(ctx, member, 'song.download', songIds);
  if (allowed.size === 0) await requireAccess(ctx, member, 'album.view', [albumId]);
  if (!album) throw notFound('No such album.');
  const artistName = (await findArtistById(ctx.db, album.artistId))?.name ?? 'HFM';
  if (allowed.size === 0 && songIds.length > 0) throw forbidden(`Subscribe to ${artistName} to download this album.`);
  return {
    allowedSongIds: songIds.filter((songId) => allowed.has(songId)),
    positions: new Map(songIds.map((songId, index) => [songId, index + 1])),
    fileName: `${cleanKeySegment(artistName)}-${cleanKeySegment(album.name)}.zip`,
  };
}

/** The album's songs the caller may download, each named `NN - Title.ext` by its place in the album. */
function albumZipSongs(album: DownloadableAlbum): ZipSong[] {
  return album.allowedSongIds.map((songId) => ({
    songId,
    entryName: (title, extension) => albumEntryName(album.positions.get(songId)!, title, extension),
  }));
}

const NOTHING_TO_DOWNLOAD = 'This album has no songs to download yet.';

export type AlbumDownload = { state: 'ready'; zip: AlbumZip } | { state: 'preparing'; status: ZipStatus };

/**
 * An album as one zip of the songs the caller may download, streamed from storage, once every song's file
 * in the format is made (until then its status, and the missing files are being made). Each song in it is
 * a recorded download. Access as findDownloadableAlbum; an album with nothing ready to download is a 409.
 */
export async function downloadAlbum(
  ctx: AppContext,
  actor: Actor,
  albumId: string,
  format: DownloadFormat,
): Promise<AlbumDownload> {
  const album = await findDownloadableAlbum(ctx, actor, albumId);
  const zip = await songsZip(ctx, albumZipSongs(album), format);
  if (zip.state === 'empty') throw new AppError('CONFLICT', NOTHING_TO_DOWNLOAD);
  if (zip.state === 'preparing') return zip;
  await recordDownloads(ctx, requireSignedIn(actor), zip.songIds, format);
  return { state: 'ready', zip: { ...zip.archive, fileName: album.fileName } };
}

/** How far the album's zip in a format is made; asking starts making the files it still needs. */
export async function albumDownloadStatus(
  ctx: AppContext,
  actor: Actor,
  albumId: string,
  format: DownloadFormat,
): Promise<ZipStatus> {
  const album = await findDownloadableAlbum(ctx, actor, albumId);
  const status = await songsZipStatus(ctx, albumZipSongs(album), format);
  if (status.total === 0) throw new AppError('CONFLICT', NOTHING_TO_DOWNLOAD);
  return status;
}

/**
 * The album download menu: each format with the length of the zip the caller would get in it, exact when
 * every file is made and estimated before, under the same rules as downloadAlbum (nothing is recorded).
 */
export async function listAlbumDownloadOptions(
  ctx: AppContext,
  actor: Actor,
  albumId: string,
): Promise<DownloadOption[]> {
  const album = await findDownloadableAlbum(ctx, actor, albumId);
  const options = await songsZipOptions(ctx, albumZipSongs(album));
  if (options.length === 0) throw new AppError('CONFLICT', NOTHING_TO_DOWNLOAD);
  return options;
}
