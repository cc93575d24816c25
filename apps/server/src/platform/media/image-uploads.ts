import crypto from 'node:crypto';
import { messages } from '@hfm/shared';
import { AppError } from '../../errors/app-error.js';
import { decodeImageData, processImage, type ProcessedImage } from './images.js';

/**
 * Every upload gets a new name: images are served as immutable, so a replaced picture must have a
 * new URL for browsers to fetch it.
 */
export function newImageFileName(prefix: string, image: ProcessedImage): string {
  return `${prefix}-${Date.now()}-${crypto.randomBytes(4).toString('hex')}.${image.extension}`;
}

/** Text that is not even base64 is no image either: 415 like any other non-image. */
function decodeText(imageData: string): Buffer {
  try {
    return decodeImageData(imageData);
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.imageType, { imageData: messages.imageType });
  }
}

/** A data URL, base64 text or raw file bytes; only real PNG or JPEG pass (checked by content). */
export async function readImage(input: string | Buffer): Promise<ProcessedImage> {
  return processImage(typeof input === 'string' ? decodeText(input) : input);
}
