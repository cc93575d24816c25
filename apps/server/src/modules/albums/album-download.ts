import type { DownloadFormat } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { AppError, forbidden, notFound } from '../../errors/app-error.js';
import { cleanKeySegment } from '../../platform/storage/storage.js';
import { zipFromStorage, type ZipArchive } from '../../platform/storage/zip-archive.js';
import { checkAccess, requireAccess, requireSignedIn } from '../access/access.service.js';
import type { Actor } from '../access/permissions.js';
import { findArtistById } from '../artists/artists.service.js';
import { recordDownloads } from '../library/library.service.js';
import { findDownloadFiles } from '../songs/songs.playback.js';
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

/**
 * An album as one zip of the songs the caller may download (subscribers to its artist, the artist, admins,
 * and members who keep some of its songs), streamed from storage. Each song in it is a recorded download.
 * Someone who may see the album but download none of it is told to subscribe (403); an album they may not
 * see is a 404; an album with nothing ready to download a 409.
 */
export async function downloadAlbum(
  ctx: AppContext,
  actor: Actor,
  albumId: string,
  format: DownloadFormat,
): Promise<AlbumZip> {
  const member = requireSignedIn(actor);
  const album = await findAlbumById(ctx.db, albumId);
  const songIds = album ? ((await songIdsByAlbum(ctx.db, [album.id])).get(album.id) ?? []) : [];
  const allowed = await checkAccess(ctx, member, 'song.download', songIds);
  if (allowed.size === 0) await requireAccess(ctx, member, 'album.view', [albumId]);
  if (!album) throw notFound('No such album.');
  const artistName = (await findArtistById(ctx.db, album.artistId))?.name ?? 'HFM';
  if (allowed.size === 0 && songIds.length > 0) throw forbidden(`Subscribe to ${artistName} to download this album.`);
  const files = await findDownloadFiles(ctx, [...allowed], format);
  const entries = songIds.flatMap((songId, index) => {
    const file = files.get(songId);
    return file ? [{ name: albumEntryName(index + 1, file.title, format), key: file.key, size: file.bytes }] : [];
  });
  if (entries.length === 0) throw new AppError('CONFLICT', 'This album has no songs to download yet.');
  await recordDownloads(ctx, member, [...files.keys()], format);
  const archive = zipFromStorage(ctx.storage, entries);
  return { ...archive, fileName: `${cleanKeySegment(artistName)}-${cleanKeySegment(album.name)}.zip` };
}
