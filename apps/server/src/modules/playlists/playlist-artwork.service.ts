import { messages, type AdminPlaylist } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors/app-error.js';
import { transactionWithRetry } from '../../platform/db/retry.js';
import { newImageFileName } from '../../platform/media/image-uploads.js';
import { decodeImageData, processImage, type ProcessedImage } from '../../platform/media/images.js';
import { requireAdmin, type Actor } from '../access/index.js';
import { findPlaylistRow, lockPlaylistRow, updatePlaylistRow } from './playlists.repository.js';
import { deleteStoredQuietly, NO_SUCH_PLAYLIST, presentPlaylistOf } from './playlists.service.js';

/**
 * Playlist artwork: cropped in the browser to 383 x 254 (aspect 1.5); the server keeps what it is sent,
 * re-encoded without metadata and at most this many pixels on its longer side (room for sharp screens).
 */
export const PLAYLIST_ARTWORK_MAX_SIDE = 1200;

/** `playlist-images/{id}/artwork-{time}-{random}.{ext}`: a new name per upload, so caches never serve the old one. */
export function playlistArtworkKey(playlistId: string, image: ProcessedImage): string {
  return `playlist-images/${playlistId}/${newImageFileName('artwork', image)}`;
}

/** A data URL, base64 text or file bytes; only real PNG or JPEG pass (read from the content), else 415. */
async function readArtwork(input: string | Buffer): Promise<ProcessedImage> {
  let bytes: Buffer;
  try {
    bytes = typeof input === 'string' ? decodeImageData(input) : input;
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.imageType, { imageData: messages.imageType });
  }
  return processImage(bytes, PLAYLIST_ARTWORK_MAX_SIDE);
}

/**
 * PUT or POST /api/playlists/upload/artwork/{id}: stores the image under `playlist-images/{id}/`, points
 * the playlist at it and deletes the one it replaces. Answers the playlist (its `artworkPath`).
 */
export async function uploadPlaylistArtwork(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: string | Buffer,
): Promise<AdminPlaylist> {
  requireAdmin(actor);
  if (!(await findPlaylistRow(ctx.db, id))) throw notFound(NO_SUCH_PLAYLIST);
  const image = await readArtwork(input);
  const key = playlistArtworkKey(id, image);
  await ctx.storage.put(key, image.data, image.contentType);
  const replaced = await transactionWithRetry(ctx.db, async (tx) => {
    const row = await lockPlaylistRow(tx, id);
    if (!row) return null;
    await updatePlaylistRow(tx, id, { artwork: key });
    return { before: row.artwork };
  });
  if (!replaced) {
    await deleteStoredQuietly(ctx, key);
    throw notFound(NO_SUCH_PLAYLIST);
  }
  if (replaced.before && replaced.before !== key) await deleteStoredQuietly(ctx, replaced.before);
  const row = await findPlaylistRow(ctx.db, id);
  if (!row) throw notFound(NO_SUCH_PLAYLIST);
  return presentPlaylistOf(ctx.db, row);
}
