import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { ObjectStorage } from './storage.js';

export interface ZipEntry {
  /** The file's name inside the archive. */
  name: string;
  /** Storage key of its content. */
  key: string;
  /** Its size in bytes, so the archive's length is known before the first byte (Content-Length). */
  size: number;
}

export interface ZipArchive {
  /** The archive's bytes; destroying it (a client that went away) closes the entry being read. */
  stream: Readable;
  /** The archive's exact length in bytes. */
  size: number;
}

/**
 * A zip of stored objects, streamed: entries are STORED (audio does not deflate; the length is then known
 * up front), each opened from storage only when the archive reaches it, so one object is read at a time
 * and no process holds a whole file. Zip64 is used when the archive grows past 4 GiB.
 */
export function zipFromStorage(storage: ObjectStorage, entries: ZipEntry[], mtime = new Date()): ZipArchive {
  const zip = new yazl.ZipFile();
  let reading: Readable | null = null;
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { compress: false, size: entry.size, mtime }, (callback) => {
      storage.get(entry.key).then(
        (object) => {
          if (!object) return callback(new Error(`Nothing stored at ${entry.key}`), null as never);
          reading = object.body;
          callback(null, object.body);
        },
        (error: unknown) => callback(error as Error, null as never),
      );
    });
  }
  let size = -1;
  // yazl calls back at once here: every entry is a stream with a declared size and no compression.
  (zip.end as (options: object, onSize: (total: number) => void) => void)({}, (total) => {
    size = total;
  });
  if (size < 0) throw new Error('The archive length is not known.');
  const stream = zip.outputStream as Readable;
  zip.on('error', (error: Error) => stream.destroy(error));
  stream.on('close', () => {
    if (reading && !reading.destroyed) reading.destroy();
  });
  return { stream, size };
}
