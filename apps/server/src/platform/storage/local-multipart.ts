import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_PART_SIZE } from '@hfm/shared';
import { badRequest, conflict } from '../../errors/app-error.js';
import {
  assertDeclaredSize,
  assertPartNumber,
  checkCompletion,
  expectedPartSize,
  md5OfETag,
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
}

const UPLOAD_ID = /^[0-9a-f]{32}$/;
const PART_FILE = /^(\d{1,5})\.([0-9a-f]{32})\.part$/;

/**
 * Multipart uploads on the local disk: one folder per upload under `uploads/`, one file per part
 * named `{partNumber}.{md5}.part` (written to a temp name and renamed, so a part is all there or absent).
 * A part uploaded again wins by modification time, as in S3. Completion streams the parts into a
 * temp file beside the object and renames it, so the object appears whole or not at all.
 */
export function createLocalMultipart(root: string, options: { maxUploadBytes: number }) {
  const uploadsDir = path.join(root, 'uploads');
  const dirOf = (uploadId: string) => path.join(uploadsDir, uploadId);

  async function readMeta(key: string, uploadId: string): Promise<UploadMeta> {
    if (!UPLOAD_ID.test(uploadId)) throw uploadNotFound();
    try {
      const meta = JSON.parse(await fsp.readFile(path.join(dirOf(uploadId), 'meta.json'), 'utf8')) as UploadMeta;
      if (meta.key !== key) throw uploadNotFound();
      return meta;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw uploadNotFound();
      throw error;
    }
  }

  async function listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    await readMeta(key, uploadId);
    const newest = new Map<number, UploadedPart & { mtimeMs: number; file: string }>();
    for (const name of await fsp.readdir(dirOf(uploadId))) {
      const match = PART_FILE.exec(name);
      if (!match) continue;
      const file = path.join(dirOf(uploadId), name);
      const stats = await fsp.stat(file).catch(() => null);
      if (!stats) continue;
      const part = {
        PartNumber: Number(match[1]),
        ETag: quoteETag(match[2]!),
        Size: stats.size,
        mtimeMs: stats.mtimeMs,
        file,
      };
      const held = newest.get(part.PartNumber);
      if (!held || held.mtimeMs <= part.mtimeMs) newest.set(part.PartNumber, part);
    }
    return [...newest.values()]
      .sort((a, b) => a.PartNumber - b.PartNumber)
      .map(({ PartNumber, ETag, Size }) => ({ PartNumber, ETag, Size }));
  }

  return {
    async create(key: string, contentType: string, multipart: MultipartOptions = {}): Promise<string> {
      assertDeclaredSize(multipart.size, options.maxUploadBytes);
      const uploadId = crypto.randomBytes(16).toString('hex');
      await fsp.mkdir(dirOf(uploadId), { recursive: true });
      const meta: UploadMeta = { key, contentType, createdAt: new Date().toISOString() };
      if (multipart.size !== undefined) meta.size = multipart.size;
      await fsp.writeFile(path.join(dirOf(uploadId), 'meta.json'), JSON.stringify(meta));
      return uploadId;
    },

    /** The part's size limit for this upload: exact when the file size was declared. */
    async expectedSize(key: string, uploadId: string, partNumber: number): Promise<{ exact?: number; max: number }> {
      assertPartNumber(partNumber);
      const meta = await readMeta(key, uploadId);
      if ((partNumber - 1) * UPLOAD_PART_SIZE >= options.maxUploadBytes) throw tooLarge();
      if (meta.size === undefined) return { max: UPLOAD_PART_SIZE };
      const exact = expectedPartSize(meta.size, partNumber);
      if (exact === null) throw badRequest(`The file has no part ${partNumber}.`);
      return { exact, max: exact };
    },

    /** Streams one part to disk, hashing as it goes; answers the quoted MD5 as S3 does. */
    async writePart(
      key: string,
      uploadId: string,
      partNumber: number,
      body: Readable,
      declaredLength?: number,
    ): Promise<UploadedPart> {
      const { exact, max } = await this.expectedSize(key, uploadId, partNumber);
      if (declaredLength !== undefined && (declaredLength > max || (exact !== undefined && declaredLength !== exact))) {
        throw badRequest(partSizeMessage);
      }
      const hash = crypto.createHash('md5');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > max) return callback(badRequest(partSizeMessage));
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      const temp = path.join(dirOf(uploadId), `tmp-${partNumber}-${crypto.randomBytes(6).toString('hex')}`);
      try {
        await pipeline(body, measure, fs.createWriteStream(temp));
        if (size === 0 || (exact !== undefined && size !== exact)) throw badRequest(partSizeMessage);
        const md5 = hash.digest('hex');
        await fsp.rename(temp, path.join(dirOf(uploadId), `${partNumber}.${md5}.part`));
        return { PartNumber: partNumber, ETag: quoteETag(md5), Size: size };
      } finally {
        await fsp.rm(temp, { force: true });
      }
    },

    listParts,

    async complete(
      key: string,
      uploadId: string,
      parts: CompletedPart[],
      commit: (write: (tempFile: string) => Promise<void>, contentType: string) => Promise<void>,
    ): Promise<CompletedUpload> {
      const meta = await readMeta(key, uploadId);
      const lock = path.join(dirOf(uploadId), 'completing');
      try {
        await fsp.mkdir(lock);
      } catch {
        throw conflict('This upload is already being completed.');
      }
      try {
        const checked = checkCompletion(parts, await listParts(key, uploadId), {
          maxUploadBytes: options.maxUploadBytes,
          declaredSize: meta.size,
        });
        const files = parts.map((part) =>
          path.join(dirOf(uploadId), `${part.PartNumber}.${md5OfETag(part.ETag)}.part`),
        );
        await commit((temp) => concatenate(files, temp), meta.contentType);
        await fsp.rm(dirOf(uploadId), { recursive: true, force: true });
        return { key, ...checked };
      } finally {
        await fsp.rm(lock, { recursive: true, force: true });
      }
    },

    async abort(key: string, uploadId: string): Promise<void> {
      try {
        await readMeta(key, uploadId);
      } catch {
        return;
      }
      await fsp.rm(dirOf(uploadId), { recursive: true, force: true });
    },
  };
}

/** Concatenates files into `target` through one reused buffer: flat memory, few system calls. */
async function concatenate(files: string[], target: string): Promise<void> {
  const buffer = Buffer.allocUnsafe(8 * 1024 * 1024);
  const out = await fsp.open(target, 'w');
  try {
    for (const file of files) {
      const input = await fsp.open(file, 'r');
      try {
        for (;;) {
          const { bytesRead } = await input.read(buffer, 0, buffer.length, null);
          if (bytesRead === 0) break;
          for (let written = 0; written < bytesRead;) {
            written += (await out.write(buffer, written, bytesRead - written)).bytesWritten;
          }
        }
      } finally {
        await input.close();
      }
    }
  } finally {
    await out.close();
  }
}

export type LocalMultipart = ReturnType<typeof createLocalMultipart>;
