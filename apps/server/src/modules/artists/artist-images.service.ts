import { BANNER_ADVISORY, MAX_ARTIST_PHOTOS, messages } from '@hfm/shared';
import { sharp } from '../../platform/media/sharp.js';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, notFound } from '../../errors/app-error.js';
import { newImageFileName } from '../../platform/media/image-uploads.js';
import { decodeImageData, processImage, type ProcessedImage } from '../../platform/media/images.js';
import { publicMediaKeyOf } from '../../platform/storage/public-media.js';
import { cleanKeySegment } from '../../platform/storage/storage.js';
import { requireAccess, type Actor } from '../access/index.js';
import { NO_SUCH_ARTIST } from './artist-profile.service.js';
import { bannerImagePath, mediaPath } from './artists.presenter.js';
import {
  countPhotos,
  deletePhotoRow,
  findUserIdOfArtist,
  insertPhoto,
  loadPhotoKeys,
  lockArtistRow,
  updateArtistRow,
} from './artists.repository.js';
import { bannerImageKey } from './artists.service.js';

export const BANNER_WARNING = `For the best result use an image at least ${BANNER_ADVISORY.width} x ${BANNER_ADVISORY.height} pixels.`;
export const TOO_MANY_PHOTOS = `An artist can have at most ${MAX_ARTIST_PHOTOS} photos. Please remove one before adding another.`;
export const PHOTO_NOT_FOUND = 'That photo is not one of this artist’s photos.';
/** Banners are shown wide; keep more pixels than the 2400 used for other images. */
const BANNER_MAX_DIMENSION = 4000;

interface UploadedImage {
  image: ProcessedImage;
  /** The size as sent (after EXIF orientation), before any downscaling. */
  original: { width: number; height: number };
}

function notAnImage(field: string): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', messages.imageType, { [field]: messages.imageType });
}

/** A data URL, base64 text or file bytes; only real PNG or JPEG pass (by content), re-encoded without metadata. */
async function readUploadedImage(input: string | Buffer, field: string, maxDimension?: number): Promise<UploadedImage> {
  let bytes: Buffer;
  try {
    bytes = typeof input === 'string' ? decodeImageData(input) : input;
  } catch {
    throw notAnImage(field);
  }
  let image: ProcessedImage;
  try {
    image = await processImage(bytes, maxDimension);
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, error.message, { [field]: messages.imageType });
    throw error;
  }
  const { autoOrient } = await sharp(bytes).metadata();
  return { image, original: { width: autoOrient.width, height: autoOrient.height } };
}

async function deleteQuietly(ctx: AppContext, key: string): Promise<void> {
  await ctx.storage.delete(key).catch((error: unknown) => {
    ctx.log.warn({ err: error, key }, 'could not delete a replaced artist image');
  });
}

/**
 * Stores a new banner under `banner-images/{artistId}/`, points the artist at it and deletes the old one.
 * `warning` advises a bigger image when the one sent is under 2000 x 1000.
 */
export async function uploadBanner(
  ctx: AppContext,
  actor: Actor,
  artistId: string,
  input: string | Buffer,
): Promise<{ path: string; warning?: string }> {
  await requireAccess(ctx, actor, 'artist.manage', [artistId]);
  const { image, original } = await readUploadedImage(input, 'bannerImageData', BANNER_MAX_DIMENSION);
  const key = bannerImageKey(artistId, newImageFileName('banner', image));
  await ctx.storage.put(key, image.data, image.contentType);
  const replaced = await ctx.db.transaction(async (tx) => {
    const before = await lockArtistRow(tx, artistId);
    const after = before && (await updateArtistRow(tx, artistId, { bannerImage: key }));
    return before && after ? { before, after } : null;
  });
  if (!replaced) {
    await deleteQuietly(ctx, key);
    throw notFound(NO_SUCH_ARTIST);
  }
  if (replaced.before.bannerImage) await deleteQuietly(ctx, replaced.before.bannerImage);
  const small = original.width < BANNER_ADVISORY.width || original.height < BANNER_ADVISORY.height;
  return { path: bannerImagePath(replaced.after)!, ...(small ? { warning: BANNER_WARNING } : {}) };
}

/**
 * `band-photos/{user id}/`. The spec names the folder after the user name, but our user names are
 * email addresses and photo URLs are public: the id keeps the address private (docs/decisions/0004).
 */
export function photoFolder(userId: string): string {
  return `band-photos/${cleanKeySegment(userId)}`;
}

async function photoPaths(ctx: AppContext, artistId: string): Promise<string[]> {
  return ((await loadPhotoKeys(ctx.db, [artistId])).get(artistId) ?? []).map(mediaPath);
}

/** Adds a photo (at most MAX_ARTIST_PHOTOS; counted under a lock on the artist, so racing uploads cannot pass it). */
export async function uploadPhoto(
  ctx: AppContext,
  actor: Actor,
  artistId: string,
  input: string | Buffer,
): Promise<{ path: string; photos: string[] }> {
  await requireAccess(ctx, actor, 'artist.manage', [artistId]);
  const tooMany = () => badRequest(TOO_MANY_PHOTOS, { imgData: TOO_MANY_PHOTOS });
  if ((await countPhotos(ctx.db, artistId)) >= MAX_ARTIST_PHOTOS) throw tooMany();
  const { image } = await readUploadedImage(input, 'imgData');
  const userId = await findUserIdOfArtist(ctx.db, artistId);
  if (userId === null) throw notFound(NO_SUCH_ARTIST);
  const key = `${photoFolder(userId)}/${newImageFileName('photo', image)}`;
  await ctx.db.transaction(async (tx) => {
    if (!(await lockArtistRow(tx, artistId))) throw notFound(NO_SUCH_ARTIST);
    if ((await countPhotos(tx, artistId)) >= MAX_ARTIST_PHOTOS) throw tooMany();
    await insertPhoto(tx, artistId, key);
    await ctx.storage.put(key, image.data, image.contentType);
  });
  return { path: mediaPath(key), photos: await photoPaths(ctx, artistId) };
}

/** The storage key of a photo named by its public path (`/media/<key>` or under MEDIA_PUBLIC_URL, absolute or not) or by its key. */
export function photoKeyFromPath(path: string): string {
  const key = publicMediaKeyOf(path);
  if (key) return key;
  const withoutOrigin = path.trim().replace(/^https?:\/\/[^/]+/i, '');
  return withoutOrigin
    .replace(/[?#].*$/, '')
    .replace(/^\/media\//, '')
    .replace(/^\/+/, '');
}

export async function deletePhoto(
  ctx: AppContext,
  actor: Actor,
  artistId: string,
  path: string,
): Promise<{ photos: string[] }> {
  await requireAccess(ctx, actor, 'artist.manage', [artistId]);
  const key = photoKeyFromPath(path);
  if (!(await deletePhotoRow(ctx.db, artistId, key))) throw notFound(PHOTO_NOT_FOUND);
  await deleteQuietly(ctx, key);
  return { photos: await photoPaths(ctx, artistId) };
}
