import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createLocalMultipart } from './local-multipart.js';
import { createTempFiles } from './temp-files.js';
import { signedMediaUrl, signedPartUrl } from './signed-urls.js';
import { assertSafeKey, type ObjectStorage, type UploadedPart } from './storage.js';
import { createUrlSigner, type UrlSigner } from './url-signer.js';

/**
 * The read size of an object's stream: 256 KiB, not Node's 64 KiB. A 19 MB song is 75 reads and socket writes
 * instead of 300: its download cost the process about 14.5 ms of CPU instead of 24 (bench/downloads.bench.ts,
 * docs/decisions/0065). A smaller object or range reads only its own length, so segments allocate no more.
 */
export const READ_CHUNK_BYTES = 256 * 1024;

export interface LocalStorageOptions {
  /** Signs the part and media URLs; a throwaway random secret when absent (tests, scripts). */
  signer?: UrlSigner;
  /** Origin the signed URLs start with (PUBLIC_URL); '' gives root-relative URLs. */
  publicUrl?: string;
  maxUploadBytes?: number;
}

/** The embedded store: what our own part-upload route writes into. */
export interface LocalObjectStorage extends ObjectStorage {
  readonly kind: 'local';
  /**
   * Streams a part from a signed PUT into the upload; answers its ETag and size. A declared length
   * (Content-Length) that cannot be right is refused before any byte is read.
   */
  writeUploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    declaredLength?: number,
  ): Promise<UploadedPart>;
  localPath(key: string): string;
}

/**
 * Files under a folder, with the content type kept in a sidecar file; multipart uploads under `uploads/`
 * (local-multipart.ts); objects being written in `tmp/`, on the same disk so they are renamed into place.
 */
export function createLocalStorage(root: string, options: LocalStorageOptions = {}): LocalObjectStorage {
  const signer = options.signer ?? createUrlSigner(crypto.randomBytes(32).toString('hex'));
  const publicUrl = options.publicUrl ?? '';
  const multipart = createLocalMultipart(root, { maxUploadBytes: options.maxUploadBytes ?? 4 * 1024 ** 3 });
  const objectsDir = path.join(root, 'objects');
  const temps = createTempFiles(path.join(root, 'tmp'));
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(objectsDir, key);
  };
  const typeOf = async (file: string) => {
    try {
      return (await fsp.readFile(`${file}.type`, 'utf8')).trim();
    } catch {
      return 'application/octet-stream';
    }
  };
  const statOpened = async (handle: fsp.FileHandle, file: string) => {
    const stats = await handle.stat();
    return stats.isFile() ? { size: stats.size, contentType: await typeOf(file) } : null;
  };
  /** Moves a finished file into place by rename, so readers never see half an object. */
  const commitFile = async (key: string, contentType: string, source: string) => {
    const file = fileOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    await fsp.writeFile(`${file}.type`, contentType);
    await fsp.rename(source, file);
  };

  return {
    kind: 'local',
    async put(key, body, contentType) {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      assertSafeKey(key);
      const temp = await temps.create();
      try {
        await pipeline(source, fs.createWriteStream(temp));
        await commitFile(key, contentType, temp);
      } finally {
        await fsp.rm(temp, { force: true });
      }
    },
    async stat(key) {
      const file = fileOf(key);
      try {
        const stats = await fsp.stat(file);
        if (!stats.isFile()) return null;
        return { size: stats.size, contentType: await typeOf(file) };
      } catch {
        return null;
      }
    },
    async get(key, range, known) {
      const file = fileOf(key);
      // Opened first: a key deleted since the caller's stat is a null, not a stream that fails mid-reply.
      const handle = await fsp.open(file, 'r').catch(() => null);
      if (!handle) return null;
      try {
        const stats = known ?? (await statOpened(handle, file));
        if (!stats) {
          await handle.close();
          return null;
        }
        const start = range?.start ?? 0;
        const end = Math.min(range?.end ?? stats.size - 1, stats.size - 1);
        if (end < start) {
          // An empty object: a read stream cannot be asked for no bytes (its end would be -1).
          await handle.close();
          return { body: Readable.from([]), size: 0, contentType: stats.contentType };
        }
        return {
          body: handle.createReadStream({ start, end, highWaterMark: READ_CHUNK_BYTES }),
          size: Math.max(0, end - start + 1),
          contentType: stats.contentType,
        };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await fsp.rm(file, { force: true });
      await fsp.rm(`${file}.type`, { force: true });
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error(`A prefix must end with '/': ${prefix}`);
      await fsp.rm(fileOf(prefix.slice(0, -1)), { recursive: true, force: true });
    },

    createMultipartUpload: (key, contentType, multipartOptions) => {
      assertSafeKey(key);
      return multipart.create(key, contentType, multipartOptions);
    },
    async presignUploadPart(key, uploadId, partNumber, expiresInSeconds) {
      await multipart.expectedSize(key, uploadId, partNumber);
      return signedPartUrl(signer, publicUrl, { key, uploadId, partNumber, expiresInSeconds });
    },
    listParts: (key, uploadId) => multipart.listParts(key, uploadId),
    completeMultipartUpload: (key, uploadId, parts) =>
      multipart.complete(key, uploadId, parts, (dataFile, contentType) => commitFile(key, contentType, dataFile)),
    abortMultipartUpload: (key, uploadId) => multipart.abort(key, uploadId),
    async abortStaleUploads(olderThan) {
      await temps.removeLeftovers();
      return multipart.abortStale(olderThan);
    },
    writeUploadPart: (key, uploadId, partNumber, body, declaredLength) =>
      multipart.writePart(key, uploadId, partNumber, body, declaredLength),

    async presignGet(key, getOptions) {
      assertSafeKey(key);
      return signedMediaUrl(signer, publicUrl, key, getOptions);
    },
    localPath: fileOf,
  };
}
