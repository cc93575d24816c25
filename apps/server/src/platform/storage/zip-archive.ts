import { Readable } from 'node:stream';
import zlib from 'node:zlib';
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

export interface ZipOptions {
  /** The entries' modification time (DOS time, local clock). */
  mtime?: Date;
  /**
   * ZIP64 records for every entry and the end of the archive even when nothing needs them (tests: the
   * forms an archive past 4 GiB takes, checked by real unzip tools without writing 4 GiB).
   */
  forceZip64?: boolean;
}

/**
 * A zip of stored objects, streamed: entries are STORED (audio does not deflate; the length is then known
 * up front), each opened from storage only when the archive reaches it, so one object is read at a time
 * and no process holds a whole file. The CRC-32 is Node's native `zlib.crc32`, computed as the bytes pass
 * (decision 0057): each entry's CRC follows its data in a data descriptor, as every streaming zip writer
 * does. ZIP64 records where a size, an offset or the entry count needs them. Names are UTF-8 (flag bit 11).
 */
export function zipFromStorage(storage: ObjectStorage, entries: ZipEntry[], options: ZipOptions = {}): ZipArchive {
  const layout = layOut(entries, options);
  const time = dosTime(options.mtime ?? new Date());
  async function* bytes(): AsyncGenerator<Buffer> {
    const written: { entry: PlacedEntry; crc: number }[] = [];
    for (const entry of layout.entries) {
      yield localHeader(entry, time);
      const object = await storage.get(entry.key);
      if (!object) throw new Error(`Nothing stored at ${entry.key}`);
      let crc = 0;
      let read = 0;
      // Leaving this loop early (the reader went away, an error) closes the object's stream.
      for await (const chunk of object.body as AsyncIterable<Buffer>) {
        crc = zlib.crc32(chunk, crc);
        read += chunk.length;
        if (read > entry.size) break;
        yield chunk;
      }
      if (read !== entry.size) throw new Error(`${entry.key} holds ${read} bytes, not the ${entry.size} announced`);
      yield dataDescriptor(entry, crc);
      written.push({ entry, crc });
    }
    yield Buffer.concat(written.map(({ entry, crc }) => centralRecord(entry, time, crc)));
    yield endRecords(layout);
  }
  return { stream: Readable.from(bytes(), { objectMode: false }), size: layout.size };
}

/**
 * The exact length of the archive zipFromStorage streams for these entries, before any byte is read: the
 * same layout the writer follows (headers with the UTF-8 names, the data, the descriptors, the central
 * directory and the end records, ZIP64 forms where needed).
 */
export function storedZipLength(entries: Pick<ZipEntry, 'name' | 'size'>[], options: ZipOptions = {}): number {
  return layOut(
    entries.map((entry) => ({ ...entry, key: '' })),
    options,
  ).size;
}

/** A 32-bit field's largest value, which in a ZIP64 archive means "see the ZIP64 field". */
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;
const LOCAL_HEADER = 30;
const CENTRAL_RECORD = 46;
const END_RECORD = 22;
const ZIP64_END_RECORD = 56;
const ZIP64_LOCATOR = 20;
/** Bit 3: CRC and sizes follow the data (data descriptor); bit 11: the name is UTF-8. */
const FLAGS = 0x0008 | 0x0800;
/** Version 2.0 (stored entries, descriptors) or 4.5 (ZIP64); made on Unix, so the mode below is read. */
const VERSION = 20;
const VERSION_ZIP64 = 45;
const MADE_ON_UNIX = 3 << 8;
/** A regular file, rw-r--r--, in the high half of the external attributes. */
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
const ZIP64_EXTRA_ID = 0x0001;

interface PlacedEntry extends ZipEntry {
  nameBytes: Buffer;
  /** Where its local header starts. */
  offset: number;
  /** Its sizes go in ZIP64 fields (local extra field, 8-byte descriptor, central extra field). */
  zip64Sizes: boolean;
  /** Its local header's offset goes in the central record's ZIP64 extra field. */
  zip64Offset: boolean;
}

interface Layout {
  entries: PlacedEntry[];
  directoryOffset: number;
  directorySize: number;
  zip64End: boolean;
  size: number;
}

/** Where everything goes: each entry's offset and forms, the central directory, the end records. */
function layOut(entries: ZipEntry[], options: ZipOptions): Layout {
  const force = options.forceZip64 === true;
  const placed: PlacedEntry[] = [];
  let offset = 0;
  let directorySize = 0;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.size) || entry.size < 0) throw new Error(`Bad size for ${entry.name}`);
    const nameBytes = Buffer.from(entry.name, 'utf8');
    if (nameBytes.length > MAX_16) throw new Error(`Name too long: ${entry.name.slice(0, 40)}…`);
    const item: PlacedEntry = {
      ...entry,
      nameBytes,
      offset,
      zip64Sizes: force || entry.size >= MAX_32,
      zip64Offset: force || offset >= MAX_32,
    };
    placed.push(item);
    offset += localHeaderLength(item) + entry.size + descriptorLength(item);
    directorySize += centralRecordLength(item);
  }
  const zip64End = force || placed.length >= MAX_16 || offset >= MAX_32 || directorySize >= MAX_32;
  const size = offset + directorySize + (zip64End ? ZIP64_END_RECORD + ZIP64_LOCATOR : 0) + END_RECORD;
  return { entries: placed, directoryOffset: offset, directorySize, zip64End, size };
}

const localExtraLength = (entry: PlacedEntry) => (entry.zip64Sizes ? 4 + 16 : 0);
const localHeaderLength = (entry: PlacedEntry) => LOCAL_HEADER + entry.nameBytes.length + localExtraLength(entry);
const descriptorLength = (entry: PlacedEntry) => (entry.zip64Sizes ? 24 : 16);
const centralExtraLength = (entry: PlacedEntry) => {
  const fields = (entry.zip64Sizes ? 2 : 0) + (entry.zip64Offset ? 1 : 0);
  return fields === 0 ? 0 : 4 + 8 * fields;
};
const centralRecordLength = (entry: PlacedEntry) => CENTRAL_RECORD + entry.nameBytes.length + centralExtraLength(entry);
const versionOf = (entry: PlacedEntry) => (entry.zip64Sizes || entry.zip64Offset ? VERSION_ZIP64 : VERSION);

/**
 * The local header: CRC and sizes are zero here (bit 3: they follow the data). A ZIP64 entry carries the
 * ZIP64 extra field (its sizes zero too), which tells a reader its descriptor holds 8-byte sizes.
 */
function localHeader(entry: PlacedEntry, time: DosTime): Buffer {
  const header = Buffer.alloc(localHeaderLength(entry));
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(versionOf(entry), 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(0, 8); // STORED
  header.writeUInt16LE(time.time, 10);
  header.writeUInt16LE(time.date, 12);
  // CRC 0 at 14; sizes 0, or MAX_32 with the ZIP64 field.
  if (entry.zip64Sizes) {
    header.writeUInt32LE(MAX_32, 18);
    header.writeUInt32LE(MAX_32, 22);
  }
  header.writeUInt16LE(entry.nameBytes.length, 26);
  header.writeUInt16LE(localExtraLength(entry), 28);
  entry.nameBytes.copy(header, LOCAL_HEADER);
  if (entry.zip64Sizes) {
    const at = LOCAL_HEADER + entry.nameBytes.length;
    header.writeUInt16LE(ZIP64_EXTRA_ID, at);
    header.writeUInt16LE(16, at + 2); // both sizes, zero: they are in the descriptor
  }
  return header;
}

/** The signed data descriptor: CRC, then compressed and uncompressed sizes (equal: STORED), 8 bytes each in ZIP64. */
function dataDescriptor(entry: PlacedEntry, crc: number): Buffer {
  const descriptor = Buffer.alloc(descriptorLength(entry));
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc, 4);
  if (entry.zip64Sizes) {
    descriptor.writeBigUInt64LE(BigInt(entry.size), 8);
    descriptor.writeBigUInt64LE(BigInt(entry.size), 16);
  } else {
    descriptor.writeUInt32LE(entry.size, 8);
    descriptor.writeUInt32LE(entry.size, 12);
  }
  return descriptor;
}

/** The entry's record in the central directory; fields past 32 bits are MAX_32 and follow in the ZIP64 field. */
function centralRecord(entry: PlacedEntry, time: DosTime, crc: number): Buffer {
  const record = Buffer.alloc(centralRecordLength(entry));
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(MADE_ON_UNIX | versionOf(entry), 4);
  record.writeUInt16LE(versionOf(entry), 6);
  record.writeUInt16LE(FLAGS, 8);
  record.writeUInt16LE(0, 10); // STORED
  record.writeUInt16LE(time.time, 12);
  record.writeUInt16LE(time.date, 14);
  record.writeUInt32LE(crc, 16);
  record.writeUInt32LE(entry.zip64Sizes ? MAX_32 : entry.size, 20);
  record.writeUInt32LE(entry.zip64Sizes ? MAX_32 : entry.size, 24);
  record.writeUInt16LE(entry.nameBytes.length, 28);
  record.writeUInt16LE(centralExtraLength(entry), 30);
  // Comment length, disk number start, internal attributes: 0 at 32, 34, 36.
  record.writeUInt32LE(FILE_ATTRIBUTES, 38);
  record.writeUInt32LE(entry.zip64Offset ? MAX_32 : entry.offset, 42);
  entry.nameBytes.copy(record, CENTRAL_RECORD);
  let at = CENTRAL_RECORD + entry.nameBytes.length;
  if (centralExtraLength(entry) > 0) {
    record.writeUInt16LE(ZIP64_EXTRA_ID, at);
    record.writeUInt16LE(centralExtraLength(entry) - 4, at + 2);
    at += 4;
    // In this order, only the fields whose 32-bit form is MAX_32: uncompressed, compressed, offset.
    if (entry.zip64Sizes) {
      record.writeBigUInt64LE(BigInt(entry.size), at);
      record.writeBigUInt64LE(BigInt(entry.size), at + 8);
      at += 16;
    }
    if (entry.zip64Offset) record.writeBigUInt64LE(BigInt(entry.offset), at);
  }
  return record;
}

/** The ZIP64 end record and its locator when needed (then every classic field says "see ZIP64"), and the end record. */
function endRecords(layout: Layout): Buffer {
  const count = layout.entries.length;
  const end = Buffer.alloc((layout.zip64End ? ZIP64_END_RECORD + ZIP64_LOCATOR : 0) + END_RECORD);
  let at = 0;
  if (layout.zip64End) {
    const zip64EndOffset = layout.directoryOffset + layout.directorySize;
    end.writeUInt32LE(0x06064b50, 0);
    end.writeBigUInt64LE(BigInt(ZIP64_END_RECORD - 12), 4); // the record's size after this field
    end.writeUInt16LE(MADE_ON_UNIX | VERSION_ZIP64, 12);
    end.writeUInt16LE(VERSION_ZIP64, 14);
    // This disk and the directory's disk: 0 at 16 and 20.
    end.writeBigUInt64LE(BigInt(count), 24);
    end.writeBigUInt64LE(BigInt(count), 32);
    end.writeBigUInt64LE(BigInt(layout.directorySize), 40);
    end.writeBigUInt64LE(BigInt(layout.directoryOffset), 48);
    at = ZIP64_END_RECORD;
    end.writeUInt32LE(0x07064b50, at);
    // The ZIP64 end record's disk: 0 at +4.
    end.writeBigUInt64LE(BigInt(zip64EndOffset), at + 8);
    end.writeUInt32LE(1, at + 16); // disks in all
    at += ZIP64_LOCATOR;
  }
  end.writeUInt32LE(0x06054b50, at);
  // This disk and the directory's disk: 0 at +4 and +6.
  end.writeUInt16LE(layout.zip64End ? MAX_16 : count, at + 8);
  end.writeUInt16LE(layout.zip64End ? MAX_16 : count, at + 10);
  end.writeUInt32LE(layout.zip64End ? MAX_32 : layout.directorySize, at + 12);
  end.writeUInt32LE(layout.zip64End ? MAX_32 : layout.directoryOffset, at + 16);
  // Comment length: 0 at +20.
  return end;
}

interface DosTime {
  time: number;
  date: number;
}

/** MS-DOS date and time (local clock, 2-second steps, from 1980). */
function dosTime(at: Date): DosTime {
  const year = Math.min(Math.max(at.getFullYear(), 1980), 2107);
  return {
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
  };
}
