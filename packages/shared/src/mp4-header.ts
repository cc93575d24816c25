/**
 * The MP4 (.m4a) reader: finds the 'moov' box (at the start or after the audio), then the sound track's
 * duration (mdhd) and its sample description (stsd). ALAC ('alac') is lossless; AAC ('mp4a') is not.
 */
import type { ContainerHeader } from './container-headers.js';
import { LOSSLESS_MESSAGES } from './lossless-containers.js';
import { MediaRejectedError, type ByteSource } from './wav-header.js';

/** A song's index is kilobytes; a 'moov' far larger is refused before it is read. */
const MAX_MOOV_BYTES = 16 * 1024 * 1024;
const MAX_BOXES = 1000;

export type Mp4Audio = ContainerHeader | { lossy: 'AAC' };

function latin1(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const damaged = () => new MediaRejectedError(LOSSLESS_MESSAGES.damaged('alac'));

interface Box {
  type: string;
  /** Where the body starts and ends, in the buffer (or file) it was found in. */
  start: number;
  end: number;
}

/** The boxes directly inside bytes[from, to). */
function childBoxes(bytes: Uint8Array, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  let position = from;
  while (position + 8 <= to && boxes.length < MAX_BOXES) {
    const data = view(bytes);
    let size = data.getUint32(position);
    let header = 8;
    if (size === 1) {
      if (position + 16 > to) throw damaged();
      size = Number(data.getBigUint64(position + 8));
      header = 16;
    } else if (size === 0) size = to - position;
    if (size < header || position + size > to) throw damaged();
    boxes.push({ type: latin1(bytes, position + 4, position + 8), start: position + header, end: position + size });
    position += size;
  }
  return boxes;
}

function child(bytes: Uint8Array, parent: Box, type: string): Box | undefined {
  return childBoxes(bytes, parent.start, parent.end).find((box) => box.type === type);
}

/** Walks the top-level boxes with small reads to find 'moov', then reads it whole (it is small). */
async function readMoov({ size, read }: ByteSource): Promise<Uint8Array> {
  let position = 0;
  for (let count = 0; count < MAX_BOXES && position + 8 <= size; count++) {
    const head = await read(position, 16);
    if (head.length < 8) break;
    let boxSize = view(head).getUint32(0);
    if (boxSize === 1 && head.length >= 16) boxSize = Number(view(head).getBigUint64(8));
    else if (boxSize === 0) boxSize = size - position;
    if (boxSize < 8 || position + boxSize > size) break;
    if (latin1(head, 4, 8) === 'moov') {
      if (boxSize > MAX_MOOV_BYTES) break;
      return read(position, boxSize);
    }
    position += boxSize;
  }
  throw damaged();
}

/** The sound track's sample description and duration; lossy AAC is named as such. */
export async function parseMp4Audio(source: ByteSource): Promise<Mp4Audio> {
  const moovBytes = await readMoov(source);
  const moov: Box = { type: 'moov', start: view(moovBytes).getUint32(0) === 1 ? 16 : 8, end: moovBytes.length };
  for (const trak of childBoxes(moovBytes, moov.start, moov.end).filter((box) => box.type === 'trak')) {
    const mdia = child(moovBytes, trak, 'mdia');
    const hdlr = mdia && child(moovBytes, mdia, 'hdlr');
    if (!mdia || !hdlr || latin1(moovBytes, hdlr.start + 8, hdlr.start + 12) !== 'soun') continue;
    const stsd = descend(moovBytes, mdia, ['minf', 'stbl', 'stsd']);
    const mdhd = child(moovBytes, mdia, 'mdhd');
    if (!stsd || !mdhd) throw damaged();
    const entries = childBoxes(moovBytes, stsd.start + 8, stsd.end);
    const entry = entries[0];
    if (!entry) throw damaged();
    if (entry.type === 'mp4a') return { lossy: 'AAC' };
    if (entry.type !== 'alac') break;
    return { ...alacConfig(moovBytes, entry), seconds: mdhdSeconds(moovBytes, mdhd) };
  }
  throw new MediaRejectedError(LOSSLESS_MESSAGES.notContainer('alac'));
}

function descend(bytes: Uint8Array, from: Box, path: string[]): Box | undefined {
  let box: Box | undefined = from;
  for (const type of path) box = box && child(bytes, box, type);
  return box;
}

/** mdhd: version 0 keeps 32-bit times, version 1 64-bit ones. */
function mdhdSeconds(bytes: Uint8Array, mdhd: Box): number {
  const data = view(bytes);
  const version = bytes[mdhd.start]!;
  if (mdhd.end - mdhd.start < (version === 1 ? 32 : 20)) throw damaged();
  const timescale = data.getUint32(mdhd.start + (version === 1 ? 20 : 12));
  const duration = version === 1 ? Number(data.getBigUint64(mdhd.start + 24)) : data.getUint32(mdhd.start + 16);
  return timescale > 0 ? duration / timescale : 0;
}

/**
 * The ALAC sample entry: after its audio sample entry (28 bytes) comes the 'alac' box holding the codec's
 * own configuration (frame length, bit depth, channels, sample rate as a full 32-bit number).
 */
function alacConfig(bytes: Uint8Array, entry: Box): Omit<ContainerHeader, 'seconds'> {
  // QuickTime sound descriptions of version 1 and 2 are 16 and 36 bytes longer.
  const version = view(bytes).getUint16(entry.start + 8);
  const fields = version === 2 ? 64 : version === 1 ? 44 : 28;
  const inner = childBoxes(bytes, entry.start + fields, entry.end).find((box) => box.type === 'alac');
  if (!inner || inner.end - inner.start < 28) throw damaged();
  const config = inner.start + 4;
  const data = view(bytes);
  return {
    container: 'alac',
    bitsPerSample: bytes[config + 5]!,
    channels: bytes[config + 9]!,
    sampleRate: data.getUint32(config + 20),
  };
}
