import crypto from 'node:crypto';
import { messages, UPLOAD_PART_SIZE } from '@hfm/shared';
import { AppError, badRequest } from '../../errors/app-error.js';
import type { CompletedPart, UploadedPart } from './storage.js';

/** S3's limit on the number of parts in one upload. */
export const MAX_PARTS = 10_000;

const PART_ETAG = /^"?([0-9a-fA-F]{32})"?$/;

export const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge);
export const uploadNotFound = () => new AppError('NOT_FOUND', 'No such upload.');

/**
 * A part ETag's 32 hex digits in lower case (S3: the part's MD5; the embedded store: a version tag), or
 * null when the ETag is malformed.
 */
export function partETagHex(etag: unknown): string | null {
  if (typeof etag !== 'string') return null;
  return PART_ETAG.exec(etag.trim())?.[1]?.toLowerCase() ?? null;
}

export const quoteETag = (hex: string) => `"${hex}"`;

export function assertPartNumber(partNumber: number): void {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PARTS) {
    throw badRequest(`Part numbers run from 1 to ${MAX_PARTS}.`);
  }
}

export function assertDeclaredSize(size: number | undefined, maxUploadBytes: number): void {
  if (size === undefined) return;
  if (!Number.isInteger(size) || size < 1) throw badRequest('The file is empty.');
  if (size > maxUploadBytes) throw tooLarge();
  if (Math.ceil(size / UPLOAD_PART_SIZE) > MAX_PARTS) throw tooLarge();
}

/** The exact size part `partNumber` must have for a file of `size` bytes, or null past the end. */
export function expectedPartSize(size: number, partNumber: number): number | null {
  const start = (partNumber - 1) * UPLOAD_PART_SIZE;
  if (start >= size) return null;
  return Math.min(UPLOAD_PART_SIZE, size - start);
}

export const partSizeMessage = `Each part except the last must be exactly ${UPLOAD_PART_SIZE} bytes.`;

/**
 * Checks a completion request against the parts the store holds. Rejects, before anything is
 * written: a malformed or missing list, part numbers that are not 1, 2, 3... in order, an ETag that
 * is malformed or not the stored part's, a part of the wrong size, a total over the limit (413).
 * Answers the total size and the S3-style multipart ETag.
 */
export function checkCompletion(
  requested: readonly CompletedPart[],
  stored: readonly UploadedPart[],
  limits: { maxUploadBytes: number; declaredSize?: number | undefined },
): { size: number; ETag: string } {
  if (!Array.isArray(requested) || requested.length === 0) throw badRequest('The parts list is empty.');
  if (requested.length > MAX_PARTS) throw badRequest(`An upload has at most ${MAX_PARTS} parts.`);
  const byNumber = new Map(stored.map((part) => [part.PartNumber, part]));
  const tags: Buffer[] = [];
  let size = 0;
  requested.forEach((part, index) => {
    const number = (part as Partial<CompletedPart> | null)?.PartNumber;
    if (number !== index + 1) {
      throw badRequest(`Parts must be listed in order as 1, 2, 3...; part ${index + 1} is ${String(number)}.`);
    }
    const tag = partETagHex(part.ETag);
    if (!tag) throw badRequest(`Part ${number} has a missing or malformed ETag.`);
    const held = byNumber.get(number);
    if (!held) throw badRequest(`Part ${number} was not uploaded.`);
    if (partETagHex(held.ETag) !== tag) throw badRequest(`Part ${number} has the wrong ETag.`);
    const isLast = index === requested.length - 1;
    if ((!isLast && held.Size !== UPLOAD_PART_SIZE) || held.Size < 1 || held.Size > UPLOAD_PART_SIZE) {
      throw badRequest(partSizeMessage);
    }
    size += held.Size;
    tags.push(Buffer.from(tag, 'hex'));
  });
  if (size > limits.maxUploadBytes) throw tooLarge();
  if (limits.declaredSize !== undefined && size !== limits.declaredSize) {
    throw badRequest(`The parts hold ${size} bytes but the file has ${limits.declaredSize}.`);
  }
  const etag = crypto.createHash('md5').update(Buffer.concat(tags)).digest('hex');
  return { size, ETag: `"${etag}-${requested.length}"` };
}
