/**
 * Readers of the FLAC, AIFF and MP4 (ALAC) headers, and the sniff that tells which kind of audio a file
 * holds from its first bytes. Each takes a ByteSource (a browser File, a local file, a ranged storage
 * read) and reads only a few small pieces of it. They describe; lossless-header.ts judges.
 */
import { LOSSLESS_MESSAGES, type LosslessContainer } from './lossless-containers.js';
import { MediaRejectedError, type ByteSource } from './wav-header.js';

/** What a header claims, whichever the container. */
export interface ContainerHeader {
  container: LosslessContainer;
  channels: number;
  sampleRate: number;
  /** Bits of each sample as decoded (16, 24, 32). */
  bitsPerSample: number;
  /** How long the audio runs, by the header's own count; 0 when it does not say. */
  seconds: number;
}

export type Sniffed =
  | { kind: 'lossless'; container: LosslessContainer; offset: number }
  | { kind: 'mp4' }
  | { kind: 'lossy'; label: string }
  | { kind: 'unknown' };

function latin1(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const damaged = (container: LosslessContainer) => new MediaRejectedError(LOSSLESS_MESSAGES.damaged(container));

/** Which audio the first bytes say this is; an ID3 tag in front (MP3s, some FLACs) is stepped over. */
export async function sniffAudio({ read }: ByteSource): Promise<Sniffed> {
  let head = await read(0, 36);
  let offset = 0;
  if (latin1(head, 0, 3) === 'ID3' && head.length >= 10) {
    const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
    offset = 10 + size + (head[5]! & 0x10 ? 10 : 0);
    head = await read(offset, 36);
    // An ID3 tag followed by anything but FLAC is an MP3 (what taggers put it on).
    if (latin1(head, 0, 4) !== 'fLaC') return { kind: 'lossy', label: 'MP3' };
  }
  const magic = latin1(head, 0, 4);
  if (['RIFF', 'RF64', 'BW64'].includes(magic) && latin1(head, 8, 12) === 'WAVE') {
    return { kind: 'lossless', container: 'wav', offset };
  }
  if (magic === 'fLaC') return { kind: 'lossless', container: 'flac', offset };
  if (magic === 'FORM' && ['AIFF', 'AIFC'].includes(latin1(head, 8, 12))) {
    return { kind: 'lossless', container: 'aiff', offset };
  }
  if (latin1(head, 4, 8) === 'ftyp') return { kind: 'mp4' };
  if (magic === 'OggS') {
    const codec = latin1(head, 28, 36);
    return { kind: 'lossy', label: codec.startsWith('OpusHead') ? 'Opus' : 'Ogg Vorbis' };
  }
  if (magic === '#!AM') return { kind: 'lossy', label: 'AMR' };
  if (head[0] === 0x30 && head[1] === 0x26 && head[2] === 0xb2 && head[3] === 0x75)
    return { kind: 'lossy', label: 'WMA' };
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) {
    // MPEG audio frame sync: layer bits 00 are ADTS (AAC), the others MPEG layers I-III.
    return { kind: 'lossy', label: (head[1]! & 0x06) === 0 ? 'AAC' : 'MP3' };
  }
  return { kind: 'unknown' };
}

/** FLAC: 'fLaC', then STREAMINFO, which must come first (34 bytes of rate, channels, depth, samples). */
export async function parseFlacHeader({ size, read }: ByteSource, offset = 0): Promise<ContainerHeader> {
  const head = await read(offset, 42);
  if (head.length < 42 || latin1(head, 0, 4) !== 'fLaC') throw damaged('flac');
  const blockType = head[4]! & 0x7f;
  const blockLength = (head[5]! << 16) | (head[6]! << 8) | head[7]!;
  if (blockType !== 0 || blockLength !== 34 || offset + 42 > size) throw damaged('flac');
  const info = head.subarray(8);
  const sampleRate = (info[10]! << 12) | (info[11]! << 4) | (info[12]! >> 4);
  const channels = ((info[12]! >> 1) & 0x07) + 1;
  const bitsPerSample = (((info[12]! & 0x01) << 4) | (info[13]! >> 4)) + 1;
  const totalSamples = (info[13]! & 0x0f) * 2 ** 32 + view(info).getUint32(14);
  return {
    container: 'flac',
    channels,
    sampleRate,
    bitsPerSample,
    seconds: sampleRate > 0 ? totalSamples / sampleRate : 0,
  };
}

/** AIFF-C compression types that are plain PCM (big- or little-endian integers, or floats). */
const AIFC_PCM = ['NONE', 'twos', 'sowt', 'fl32', 'FL32', 'fl64', 'FL64', 'in24', 'in32', 'raw '];
const MAX_CHUNKS = 1000;

/** The 80-bit IEEE 754 extended float AIFF stores its sample rate in. */
function extended80(bytes: Uint8Array, at: number): number {
  const data = view(bytes);
  const signExponent = data.getUint16(at);
  const mantissa = data.getUint32(at + 2) * 2 ** 32 + data.getUint32(at + 6);
  const value = mantissa * 2 ** ((signExponent & 0x7fff) - 16383 - 63);
  return signExponent & 0x8000 ? -value : value;
}

/** AIFF / AIFF-C: the COMM chunk (channels, frames, depth, rate), checked against what SSND holds. */
export async function parseAiffHeader({ size, read }: ByteSource): Promise<ContainerHeader> {
  const form = await read(0, 12);
  const isAifc = latin1(form, 8, 12) === 'AIFC';
  let comm: { channels: number; frames: number; bits: number; rate: number; compression: string } | undefined;
  let soundBytes: number | undefined;
  let position = 12;
  for (let count = 0; count < MAX_CHUNKS && (!comm || soundBytes === undefined); count++) {
    const chunk = await read(position, 8);
    if (chunk.length < 8) break;
    const id = latin1(chunk, 0, 4);
    const chunkSize = view(chunk).getUint32(4);
    const body = position + 8;
    if (id === 'COMM') {
      const bytes = await read(body, Math.min(chunkSize, 22));
      if (bytes.length < 18) throw damaged('aiff');
      const data = view(bytes);
      comm = {
        channels: data.getUint16(0),
        frames: data.getUint32(2),
        bits: data.getUint16(6),
        rate: extended80(bytes, 8),
        compression: isAifc && bytes.length >= 22 ? latin1(bytes, 18, 22) : 'NONE',
      };
    }
    if (id === 'SSND') {
      if (body + chunkSize > size) throw damaged('aiff');
      soundBytes = Math.max(0, chunkSize - 8);
    }
    position = body + chunkSize + (chunkSize % 2);
    if (position > size) break;
  }
  if (!comm) throw damaged('aiff');
  if (!AIFC_PCM.includes(comm.compression)) throw new MediaRejectedError(LOSSLESS_MESSAGES.compressedAiff);
  const float = /^(fl|FL)/.exec(comm.compression);
  const bits = float ? (comm.compression.endsWith('64') ? 64 : 32) : comm.bits;
  const frameBytes = comm.channels * Math.ceil(bits / 8);
  // The frames COMM counts must be in SSND: a header claiming more is cut short or lying.
  if (comm.frames > 0 && (soundBytes === undefined || comm.frames * frameBytes > soundBytes)) throw damaged('aiff');
  const rate = Number.isFinite(comm.rate) ? Math.round(comm.rate) : 0;
  return {
    container: 'aiff',
    channels: comm.channels,
    sampleRate: rate,
    bitsPerSample: bits,
    seconds: rate > 0 ? comm.frames / rate : 0,
  };
}
