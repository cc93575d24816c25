import sharp from 'sharp';
import { badRequest, AppError } from '../../errors/app-error.js';
import { messages } from '@hfm/shared';

/** About 40 megapixels (e.g. 8000 x 5000): bounds the memory one decode may take. */
const MAX_INPUT_PIXELS = 40_000_000;

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
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (format !== 'png' && format !== 'jpeg') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.imageType, { imageData: messages.imageType });
  }
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
