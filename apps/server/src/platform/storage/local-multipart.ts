import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { UPLOAD_PART_SIZE } from '@hfm/shared';
import { badRequest, conflict } from '../../errors/app-error.js';
import { isLockHeld, tryLock } from './expiring-lock.js';
import { writeBodyAt } from './part-writer.js';
import {
  assertDeclaredSize,
  assertPartNumber,
  checkCompletion,
  expectedPartSize,
  partSizeMessage,
  quoteETag,
  tooLarge,
  uploadNotFound,
} from './multipart-rules.js';
import type { CompletedPart, CompletedUpload, MultipartOptions, UploadedPart } from './storage.js';

interface UploadMeta {
  key: string;
  contentType: string;
  size?: number;
  createdAt: string;
  /** 2: parts are written in place into `data`. Uploads of the earlier layout are unknown uploads. */
  layout: 2;
}

export interface LocalMultipartOptions {
  maxUploadBytes: number;
  /** A part write or completion whose holder stopped touching its lock this long ago is over. */
  lockTtlMs?: number;
}

/** Moves the finished `data` file into place as the object (a rename: no byte is copied). */
export type CommitFile = (dataFile: string, contentType: string) => Promise<void>;

const UPLOAD_ID = /^[0-9a-f]{32}$/;
const PART_MARKER = /^(\d{1,5})-(\d{1,10})-([0-9a-f]{32})\.part$/;
const PART_LOCK = /^\d{1,5}\.lock$/;
const COMPLETE_LOCK = 'complete.lock';
const DEFAULT_LOCK_TTL_MS = 10 * 60 * 1000;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
/** A folder or file of the upload vanished under us: the upload was aborted or completed meanwhile. */
const missingIsNotFound = (error: unknown): never => {
  throw isMissing(error) ? uploadNotFound() : error;
};

/**
 * Multipart uploads on the local disk, one folder per upload under `uploads/`:
 * - `data`: the object being built. Part n is written in place at (n - 1) x 5,242,880 bytes (every part
 *   but the last has exactly that size), so completion is a truncate and a rename, never a copy.
 * - `{n}-{size}-{etag}.part`: an empty marker saying part n is whole in `data`. A new PUT of part n
 *   removes it before writing, so a half-written part is never listed. The ETag is an opaque 128-bit
 *   version tag minted per stored part (clients only echo it back); no hash is computed on the bytes.
 * - `{n}.lock` while part n is written, `complete.lock` while completing: expiring locks, so one
 *   writer per part, no part write during completion, and a crash never wedges the upload.
 */
export function createLocalMultipart(root: string, options: LocalMultipartOptions) {
  const uploadsDir = path.join(root, 'uploads');
  const lockTtlMs = options.lockTtlMs ?? DEFAULT_LOCK_TTL_MS;
  const dirOf = (uploadId: string) => path.join(uploadsDir, uploadId);
  const dataOf = (uploadId: string) => path.join(dirOf(uploadId), 'data');
  const writers = createPartWriters();

  /** Uploads' meta never changes: kept in memory so a part PUT reads no file for it. */
  const knownMeta = new Map<string, UploadMeta>();
  const forget = (uploadId: string) => knownMeta.delete(uploadId);

  async function readMeta(key: string, uploadId: string): Promise<UploadMeta> {
    if (!UPLOAD_ID.test(uploadId)) throw uploadNotFound();
    let meta = knownMeta.get(uploadId);
    if (!meta) {
      const text = await fsp.readFile(path.join(dirOf(uploadId), 'meta.json'), 'utf8').catch(missingIsNotFound);
      meta = JSON.parse(text) as UploadMeta;
      if (knownMeta.size >= 1000) forget(knownMeta.keys().next().value!);
      knownMeta.set(uploadId, meta);
    }
    if (meta.key !== key || meta.layout !== 2) throw uploadNotFound();
    return meta;
  }

  async function markers(uploadId: string): Promise<(UploadedPart & { name: string })[]> {
    const names = await fsp.readdir(dirOf(uploadId)).catch(missingIsNotFound);
    return names.flatMap((name) => {
      const match = PART_MARKER.exec(name);
      if (!match) return [];
      return [{ PartNumber: Number(match[1]), Size: Number(match[2]), ETag: quoteETag(match[3]!), name }];
    });
  }

  async function listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    await readMeta(key, uploadId);
    return (await markers(uploadId))
      .sort((a, b) => a.PartNumber - b.PartNumber)
      .map(({ PartNumber, ETag, Size }) => ({ PartNumber, ETag, Size }));
  }

  async function anyPartBeingWritten(uploadId: string): Promise<boolean> {
    const names = await fsp.readdir(dirOf(uploadId)).catch(missingIsNotFound);
    for (const name of names.filter((entry) => PART_LOCK.test(entry))) {
      if (await isLockHeld(path.join(dirOf(uploadId), name), lockTtlMs)) return true;
    }
    return false;
  }

  /** The part's size limit for this upload: exact when the file size was declared. */
  async function expectedSize(key: string, uploadId: string, partNumber: number) {
    assertPartNumber(partNumber);
    const meta = await readMeta(key, uploadId);
    if ((partNumber - 1) * UPLOAD_PART_SIZE >= options.maxUploadBytes) throw tooLarge();
    if (meta.size === undefined) return { max: UPLOAD_PART_SIZE };
    const exact = expectedPartSize(meta.size, partNumber);
    if (exact === null) throw badRequest(`The file has no part ${partNumber}.`);
    return { exact, max: exact };
  }

  return {
    async create(key: string, contentType: string, multipart: MultipartOptions = {}): Promise<string> {
      assertDeclaredSize(multipart.size, options.maxUploadBytes);
      const uploadId = crypto.randomBytes(16).toString('hex');
      await fsp.mkdir(dirOf(uploadId), { recursive: true });
      const meta: UploadMeta = { key, contentType, createdAt: new Date().toISOString(), layout: 2 };
      if (multipart.size !== undefined) meta.size = multipart.size;
      await fsp.writeFile(dataOf(uploadId), '');
      await fsp.writeFile(path.join(dirOf(uploadId), 'meta.json'), JSON.stringify(meta));
      return uploadId;
    },

    expectedSize,

    /** Streams one part into its place in `data`; answers its ETag and size. */
    async writePart(
      key: string,
      uploadId: string,
      partNumber: number,
      body: Readable,
      declaredLength?: number,
    ): Promise<UploadedPart> {
      const { exact, max } = await expectedSize(key, uploadId, partNumber);
      if (declaredLength !== undefined && (declaredLength > max || (exact !== undefined && declaredLength !== exact))) {
        throw badRequest(partSizeMessage);
      }
      const dir = dirOf(uploadId);
      const writing = await writers.begin(`${uploadId}/${partNumber}`);
      try {
        const lock = await tryLock(path.join(dir, `${partNumber}.lock`), lockTtlMs).catch(missingIsNotFound);
        if (!lock) throw conflict(`Part ${partNumber} is already being uploaded.`);
        try {
          if (await isLockHeld(path.join(dir, COMPLETE_LOCK), lockTtlMs)) {
            throw conflict('This upload is being completed.');
          }
          for (const held of (await markers(uploadId)).filter((part) => part.PartNumber === partNumber)) {
            await fsp.rm(path.join(dir, held.name), { force: true });
          }
          const offset = (partNumber - 1) * UPLOAD_PART_SIZE;
          const size = await writeBodyAt(dataOf(uploadId), offset, body, {
            max,
            tooLong: () => badRequest(partSizeMessage),
            signal: writing.signal,
          }).catch(missingIsNotFound);
          if (size === 0 || (exact !== undefined && size !== exact)) throw badRequest(partSizeMessage);
          const etag = crypto.randomBytes(16).toString('hex');
          await fsp.writeFile(path.join(dir, `${partNumber}-${size}-${etag}.part`), '').catch(missingIsNotFound);
          return { PartNumber: partNumber, ETag: quoteETag(etag), Size: size };
        } finally {
          await lock.release();
        }
      } catch (error) {
        throw writing.signal.aborted ? conflict(`A newer upload of part ${partNumber} replaced this one.`) : error;
      } finally {
        writing.end();
      }
    },

    listParts,

    async complete(
      key: string,
      uploadId: string,
      parts: CompletedPart[],
      commit: CommitFile,
    ): Promise<CompletedUpload> {
      const meta = await readMeta(key, uploadId);
      const lock = await tryLock(path.join(dirOf(uploadId), COMPLETE_LOCK), lockTtlMs).catch(missingIsNotFound);
      if (!lock) throw conflict('This upload is already being completed.');
      try {
        if (await anyPartBeingWritten(uploadId)) throw conflict('A part of this upload is still being uploaded.');
        const checked = checkCompletion(parts, await listParts(key, uploadId), {
          maxUploadBytes: options.maxUploadBytes,
          declaredSize: meta.size,
        });
        await fsp.truncate(dataOf(uploadId), checked.size).catch(missingIsNotFound);
        await commit(dataOf(uploadId), meta.contentType).catch(missingIsNotFound);
        forget(uploadId);
        await fsp.rm(dirOf(uploadId), { recursive: true, force: true });
        return { key, ...checked };
      } finally {
        await lock.release();
      }
    },

    async abort(key: string, uploadId: string): Promise<void> {
      if (!UPLOAD_ID.test(uploadId)) return;
      const text = await fsp.readFile(path.join(dirOf(uploadId), 'meta.json'), 'utf8').catch(() => null);
      if (text === null || (JSON.parse(text) as UploadMeta).key !== key) return;
      forget(uploadId);
      await fsp.rm(dirOf(uploadId), { recursive: true, force: true });
    },

    /** Removes every upload (of any layout) nobody touched since `olderThan`; answers how many. */
    async abortStale(olderThan: Date): Promise<number> {
      const names = await fsp.readdir(uploadsDir).catch(() => [] as string[]);
      let aborted = 0;
      for (const uploadId of names.filter((name) => UPLOAD_ID.test(name))) {
        if ((await lastTouched(dirOf(uploadId))) >= olderThan.getTime()) continue;
        forget(uploadId);
        await fsp.rm(dirOf(uploadId), { recursive: true, force: true });
        aborted += 1;
      }
      return aborted;
    },
  };
}

/** The newest modification time of an upload folder and its files (parts land in `data`). */
async function lastTouched(dir: string): Promise<number> {
  let newest = (await fsp.stat(dir).catch(() => null))?.mtimeMs ?? 0;
  for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
    newest = Math.max(newest, (await fsp.stat(path.join(dir, name)).catch(() => null))?.mtimeMs ?? 0);
  }
  return newest;
}

/**
 * The part writes under way in this process. A new PUT of a part stops the one before it and waits
 * until its last byte is written (a client that retries a part whose first PUT it gave up on, or whose
 * connection died unnoticed, must not wait for that one's timeout), so one writer at a time writes a region.
 */
function createPartWriters() {
  const active = new Map<string, { stop: () => Promise<void> }>();
  return {
    async begin(id: string) {
      for (let current = active.get(id); current; current = active.get(id)) await current.stop();
      const controller = new AbortController();
      let ended = () => {};
      const done = new Promise<void>((resolve) => (ended = resolve));
      const entry = {
        stop: () => {
          controller.abort();
          return done;
        },
      };
      active.set(id, entry);
      return {
        signal: controller.signal,
        end() {
          if (active.get(id) === entry) active.delete(id);
          ended();
        },
      };
    },
  };
}

export type LocalMultipart = ReturnType<typeof createLocalMultipart>;
