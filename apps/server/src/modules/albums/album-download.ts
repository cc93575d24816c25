import { DOWNLOAD_FORMAT_LABELS, DOWNLOAD_FORMATS, type DownloadFormat, type DownloadOption } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { AppError, forbidden, notFound } from '../../errors/app-error.js';
import { cleanKeySegment } from '../../platform/storage/storage.js';
import { storedZipLength, zipFromStorage, type ZipArchive } from '../../platform/storage/zip-archive.js';
import { checkAccess, requireAccess, requireSignedIn, type Actor } from '../access/index.js';
import { findArtistById } from '../artists/index.js';
import { recordDownloads } from '../library/index.js';
import { findDownloadFiles } from '../songs/index.js';
import { findAlbumById, songIdsByAlbum } from './albums.repository.js';

export interface AlbumZip extends ZipArchive {
  /** The archive's file name: `{artist}-{album}.zip`. */
  fileName: string;
}

/** What a file name inside the archive may not hold: any system's separators and reserved characters. */
const RESERVED_IN_NAME = new Set(['/', '\\', ':', '*', '?', '"', '<', '>', '|']);

function cleanFileName(text: string): string {
  return [...text]
    .map((char) => (RESERVED_IN_NAME.has(char) || char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127 ? ' ' : char))
    .join('');
}

/** `NN - Title.ext`: NN is the song's place in the album (so a partial zip keeps the album's numbers). */
export function albumEntryName(position: number, title: string, format: DownloadFormat): string {
  const cleanTitle =
    cleanFileName(title)
      .replace(/\s+/g, ' ')
      .replace(/^[.\s]+|[.\s]+$/g, '') || 'Untitled';
  return `${String(position).padStart(2, '0')} - ${cleanTitle.slice(0, 150)}.${format}`;
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

/** The archive's entries in one format: the album's ready songs the caller may download, in album order. */
async function albumZipEntries(ctx: AppContext, album: DownloadableAlbum, format: DownloadFormat) {
  const files = await findDownloadFiles(ctx, album.allowedSongIds, format);
  const entries = album.allowedSongIds.flatMap((songId) => {
    const file = files.get(songId);
    if (!file) return [];
    return [
      { name: albumEntryName(album.positions.get(songId)!, file.title, format), key: file.key, size: file.bytes },
    ];
  });
  return { entries, songIds: [...files.keys()] };
}

const NOTHING_TO_DOWNLOAD = 'This album has no songs to download yet.';

/**
 * An album as one zip of the songs the caller may download, streamed from storage. Each song in it is a
 * recorded download. Access as findDownloadableAlbum; an album with nothing ready to download is a 409.
 */
export async function downloadAlbum(
  ctx: AppContext,
  actor: Actor,
  albumId: string,
  format: DownloadFormat,
): Promise<AlbumZip> {
  const album = await findDownloadableAlbum(ctx, actor, albumId);
  const { entries, songIds } = await albumZipEntries(ctx, album, format);
  if (entries.length === 0) throw new AppError('CONFLICT', NOTHING_TO_DOWNLOAD);
  await recordDownloads(ctx, requireSignedIn(actor), songIds, format);
  return { ...zipFromStorage(ctx.storage, entries), fileName: album.fileName };
}

/**
 * The album download menu: each format with the exact length of the zip the caller would get in it, under
 * the same rules as downloadAlbum (nothing is recorded). FLAC, MP3, WAV in that order.
 */
export async function listAlbumDownloadOptions(
  ctx: AppContext,
  actor: Actor,
  albumId: string,
): Promise<DownloadOption[]> {
  const album = await findDownloadableAlbum(ctx, actor, albumId);
  const options: DownloadOption[] = [];
  for (const format of DOWNLOAD_FORMATS) {
    const { entries } = await albumZipEntries(ctx, album, format);
    if (entries.length > 0)
      options.push({ format, label: DOWNLOAD_FORMAT_LABELS[format], bytes: storedZipLength(entries) });
  }
  if (options.length === 0) throw new AppError('CONFLICT', NOTHING_TO_DOWNLOAD);
  return options;
}
