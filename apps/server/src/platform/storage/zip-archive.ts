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
  zip.end();
  const stream = zip.outputStream as Readable;
  zip.on('error', (error: Error) => stream.destroy(error));
  stream.on('close', () => {
    if (reading && !reading.destroyed) reading.destroy();
  });
  return { stream, size: storedZipLength(entries) };
}

/** Record sizes yazl writes (its index.js): headers, data descriptors, their ZIP64 forms, the end records. */
const LOCAL_HEADER = 30;
const DATA_DESCRIPTOR = 16;
const ZIP64_DATA_DESCRIPTOR = 24;
const CENTRAL_RECORD = 46;
const UNIVERSAL_TIMESTAMP_FIELD = 9;
const ZIP64_EXTRA_FIELD = 28;
const END_RECORD = 22;
const ZIP64_END_RECORD_AND_LOCATOR = 56 + 20;
/** Past this, a size or an offset goes in ZIP64 fields (yazl's own limits). */
const ZIP64_ENTRY_LIMIT = 0xfffffffe;
const ZIP64_DIRECTORY_LIMIT = 0xffffffff;

/**
 * The exact length of the archive zipFromStorage streams for these entries, before any byte is read: each
 * entry is a local header with its UTF-8 name, the data and a data descriptor, then a central record each
 * (with the timestamp field) and the end record; ZIP64 forms where sizes or offsets pass 4 GiB. Counted
 * here rather than taken from yazl's end() callback, which adds the ZIP64 end records as soon as the central
 * directory passes 64 KiB although it only writes them past 4 GiB or 65,535 entries.
 */
export function storedZipLength(entries: Pick<ZipEntry, 'name' | 'size'>[]): number {
  let offset = 0;
  let directory = 0;
  for (const entry of entries) {
    const nameBytes = Buffer.byteLength(entry.name, 'utf8');
    const zip64 = entry.size > ZIP64_ENTRY_LIMIT || offset > ZIP64_ENTRY_LIMIT;
    offset += LOCAL_HEADER + nameBytes + entry.size + (zip64 ? ZIP64_DATA_DESCRIPTOR : DATA_DESCRIPTOR);
    directory += CENTRAL_RECORD + nameBytes + UNIVERSAL_TIMESTAMP_FIELD + (zip64 ? ZIP64_EXTRA_FIELD : 0);
  }
  const zip64End = entries.length >= 0xffff || directory >= ZIP64_DIRECTORY_LIMIT || offset >= ZIP64_DIRECTORY_LIMIT;
  return offset + directory + END_RECORD + (zip64End ? ZIP64_END_RECORD_AND_LOCATOR : 0);
}
