import type { Metadata } from 'sharp';
import { sharp } from './sharp.js';
import { badRequest, AppError } from '../../errors/app-error.js';
import { messages } from '@hfm/shared';
import { WorkSlots } from './work-slots.js';

/** About 40 megapixels (e.g. 8000 x 5000): bounds the memory one decode may take. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Longest side and most elongated shape accepted, read from the header before anything is decoded. */
export const MAX_IMAGE_SIDE = 12_000;
export const MAX_ASPECT_RATIO = 20;
export const IMAGE_TOO_LARGE = `That image is too large: at most ${MAX_IMAGE_SIDE} pixels on a side and 40 megapixels.`;
export const IMAGE_TOO_NARROW = `That image is too long and narrow: at most ${MAX_ASPECT_RATIO} times as long as it is wide.`;

/**
 * Decoding is CPU- and memory-heavy and runs on the thread pool that file serving also uses, so only
 * two images are worked on at once and a few more may wait; beyond that the answer is 503.
 */
const imageSlots = new WorkSlots({ running: 2, waiting: 16 });

export interface ProcessedImage {
  data: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
  width: number;
  height: number;
}

/** Accepts raw bytes, base64, or a data URL as the client sends `imageData`. */
export function decodeImageData(imageData: string): Buffer {
  const base64 = imageData.replace(/^data:[^;,]*;base64,/, '');
  if (!/^[A-Za-z0-9+/=\s_-]+$/.test(base64)) throw badRequest(messages.imageType, { imageData: messages.imageType });
  return Buffer.from(base64, 'base64');
}

/**
 * Only real PNG or JPEG (read from the bytes, never the name). The image is re-encoded, oriented,
 * stripped of metadata (EXIF, GPS) and bounded in size.
 */
export async function processImage(input: Buffer, maxDimension = 2400): Promise<ProcessedImage> {
  return imageSlots.run(() => reencode(input, maxDimension));
}

/** The header alone (sharp's metadata() decodes no pixels): PNG or JPEG, and a size worth decoding. */
async function checkHeader(input: Buffer): Promise<'png' | 'jpeg'> {
  let header: Metadata | undefined;
  try {
    // No pixel limit here: sharp's default would throw for a huge header, which read as "not an image";
    // the size rule below answers it as too large instead. metadata() decodes no pixels either way.
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    header = undefined;
  }
  const format = header?.format;
  if (!header || (format !== 'png' && format !== 'jpeg')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.imageType, { imageData: messages.imageType });
  }
  const { width, height } = header;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_INPUT_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE, { imageData: IMAGE_TOO_LARGE });
  }
  if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height)) {
    throw badRequest(IMAGE_TOO_NARROW, { imageData: IMAGE_TOO_NARROW });
  }
  return format;
}

async function reencode(input: Buffer, maxDimension: number): Promise<ProcessedImage> {
  const format = await checkHeader(input);
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true });
    const encoded =
      format === 'png'
        ? await pipeline.png({ compressionLevel: 8 }).toBuffer({ resolveWithObject: true })
        : await pipeline.jpeg({ quality: 86, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    return {
      data: encoded.data,
      contentType: format === 'png' ? 'image/png' : 'image/jpeg',
      extension: format === 'png' ? 'png' : 'jpg',
      width: encoded.info.width,
      height: encoded.info.height,
    };
  } catch {
    throw badRequest('That image could not be read. Please try another file.', { imageData: messages.imageType });
  }
}

/** An image's pixel size from its first bytes (sharp reads the header, decodes no pixels); null when unreadable. */
export async function readImageSize(head: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const { width, height } = await sharp(head, { limitInputPixels: false }).metadata();
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}
