import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What `stat` answers of an object. */
export interface ObjectStat {
  size: number;
  contentType: string;
}

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/** A part as the store holds it (S3 ListParts field names). */
export interface UploadedPart {
  PartNumber: number;
  ETag: string;
  Size: number;
}

/** A part as the client names it when completing (the spec's `parts: [{ ETag, PartNumber }]`). */
export interface CompletedPart {
  PartNumber: number;
  ETag: string;
}

export interface CompletedUpload {
  key: string;
  size: number;
  /** S3-style multipart ETag: MD5 of the parts' ETag bytes, dash, part count. */
  ETag: string;
}

export interface MultipartOptions {
  /** The declared file size; when given, oversized files are a 413 at once and every part size is known. */
  size?: number;
}

export interface PutOptions {
  /**
   * The object's own `Content-Disposition`, which the S3 store keeps and sends with every GET (a presigned
   * URL's `downloadName` overrides it where the store honours overrides). The embedded store keeps none:
   * its signed route names every download itself.
   */
  contentDisposition?: string;
}

export interface PresignGetOptions {
  expiresInSeconds: number;
  /** Served with `Content-Disposition: attachment; filename=...`. */
  downloadName?: string;
  /**
   * 'object' (default): the URL opens this one key. 'folder': the URL opens this key and every key
   * under its folder, by relative name, with the same token (HLS/DASH manifests and their segments).
   */
  scope?: 'object' | 'folder';
}

/**
 * Object storage: keys are slash-separated paths such as `profile-images/{id}/file.jpg`.
 * The multipart methods follow S3's protocol (see docs/storage.md); errors meant for the client are
 * AppErrors (400 bad parts, 404 unknown upload, 413 too large).
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer | Readable, contentType: string, options?: PutOptions): Promise<void>;
  /**
   * `range.end` is inclusive, as in HTTP. `known`: the object's stat when the caller has just read it (a
   * ranged reply needs the size first); the local store then does not look at the file and its type again.
   * A key gone since is still null.
   */
  get(key: string, range?: { start: number; end?: number }, known?: ObjectStat): Promise<StoredObject | null>;
  stat(key: string): Promise<ObjectStat | null>;
  delete(key: string): Promise<void>;
  /** Deletes every key that starts with `prefix` (which must end with '/'). */
  deletePrefix(prefix: string): Promise<void>;

  createMultipartUpload(key: string, contentType: string, options?: MultipartOptions): Promise<string>;
  presignUploadPart(key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string>;
  listParts(key: string, uploadId: string): Promise<UploadedPart[]>;
  completeMultipartUpload(key: string, uploadId: string, parts: CompletedPart[]): Promise<CompletedUpload>;
  /** Drops the parts; an unknown upload is not an error. */
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
  /**
   * Aborts every multipart upload untouched since `olderThan` (S3: initiated before it) and removes
   * what crashed writers left behind; answers how many uploads were aborted. See upload-sweeper.ts.
   */
  abortStaleUploads(olderThan: Date): Promise<number>;

  /** A short-lived URL for media: audio, HLS/DASH manifests and segments, downloads. */
  presignGet(key: string, options: PresignGetOptions): Promise<string>;
  /** The file behind a key, when the store is the local disk (workers read it in place). */
  localPath?(key: string): string;
}

/** Keys come from our own code, but parts may carry user text (artist names): keep them safe. */
export function cleanKeySegment(segment: string): string {
  const cleaned = segment
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['",`]/g, '')
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9._-]/g, '')
    .replace(/^\.+/, '');
  return cleaned.slice(0, 100) || 'untitled';
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

export function isSafeKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 1024 &&
    !key.startsWith('/') &&
    !key.includes('\\') &&
    !key.includes('\0') &&
    !key.split('/').some((part) => part === '' || part === '.' || part === '..')
  );
}

const CONTENT_TYPES: Record<string, string> = {
  '.flac': 'audio/flac',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.mp4': 'audio/mp4',
  '.aac': 'audio/aac',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.mpd': 'application/dash+xml',
  '.m4s': 'video/iso.segment',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/** The media type a key's extension names, or undefined when the extension is not one of ours. */
export function contentTypeForKey(key: string): string | undefined {
  return CONTENT_TYPES[path.posix.extname(key).toLowerCase()];
}

/** Copies an object to a local file by streaming (for workers that need a file path, e.g. ffmpeg). */
export async function copyObjectToFile(storage: ObjectStorage, key: string, file: string): Promise<void> {
  const object = await storage.get(key);
  if (!object) throw new Error(`No object at ${key}`);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  await pipeline(object.body, fs.createWriteStream(file));
}
