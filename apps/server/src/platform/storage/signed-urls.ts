import { folderGrantOf, type UrlSigner } from './url-signer.js';
import type { PresignGetOptions } from './storage.js';

/** Where our server answers signed URLs (both under /media, which the web dev server proxies). */
export const UPLOAD_PARTS_PATH = '/media/upload-parts';
export const SIGNED_MEDIA_PATH = '/media/signed';

/** S3 caps presigned URLs at 7 days; we keep the same ceiling. */
export const MAX_URL_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export function expiryFrom(expiresInSeconds: number): number {
  if (!Number.isFinite(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_URL_LIFETIME_SECONDS) {
    throw new Error(`URL lifetime must be 1 to ${MAX_URL_LIFETIME_SECONDS} seconds, not ${expiresInSeconds}`);
  }
  return Math.floor(Date.now() / 1000) + Math.floor(expiresInSeconds);
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

export function signedPartUrl(
  signer: UrlSigner,
  publicUrl: string,
  part: { key: string; uploadId: string; partNumber: number; expiresInSeconds: number },
): string {
  const expires = expiryFrom(part.expiresInSeconds);
  const signature = signer.signUploadPart(part.key, part.uploadId, part.partNumber, expires);
  const query = new URLSearchParams({ key: part.key, expires: String(expires), signature });
  return `${publicUrl}${UPLOAD_PARTS_PATH}/${part.uploadId}/${part.partNumber}?${query}`;
}

/**
 * `/media/signed/{token}/{key}`: the token is a path segment, not a query, so the relative segment
 * names inside an HLS or DASH manifest resolve to URLs that carry the same token.
 */
export function signedMediaUrl(signer: UrlSigner, publicUrl: string, key: string, options: PresignGetOptions): string {
  const expires = expiryFrom(options.expiresInSeconds);
  const grant = options.scope === 'folder' ? folderGrantOf(key) : { scope: 'object' as const, key };
  const token = signer.signMedia(grant, expires, options.downloadName);
  const query = options.downloadName ? `?${new URLSearchParams({ download: options.downloadName })}` : '';
  return `${publicUrl}${SIGNED_MEDIA_PATH}/${token}/${encodeKey(key)}${query}`;
}
