/**
 * The WAV header rules, one home for the server (before any work is spent on an upload) and the web
 * app (before the upload starts): a RIFF/WAVE file, uncompressed, a sane shape, a sample rate fit for
 * music and a length within the limit, all read from the header alone.
 */

/** Below this a WAV is not music (a 1 kHz file of 1 MB would otherwise become 1,000 s of audio to transcode). */
export const MIN_SAMPLE_RATE = 22_050;

/** The longest song accepted unless MAX_SONG_SECONDS says otherwise: two hours. */
export const DEFAULT_MAX_SONG_SECONDS = 2 * 60 * 60;

/** 7,200 -> '2 h', 1,000 -> '16 min 40 s'. */
export function formatLength(totalSeconds: number): string {
  const seconds = Math.ceil(totalSeconds);
  const parts = [
    [Math.floor(seconds / 3600), 'h'],
    [Math.floor((seconds % 3600) / 60), 'min'],
    [seconds % 60, 's'],
  ] as const;
  const shown = parts.filter(([value]) => value > 0).map(([value, unit]) => `${value} ${unit}`);
  return shown.length ? shown.join(' ') : '0 s';
}

/** Reasons an artist reads when an upload is refused (stored on the song as its failure reason). */
export const WAV_MESSAGES = {
  notWav: 'This file is not a WAV audio file.',
  damaged: 'This WAV file is damaged and cannot be read.',
  compressed: 'This WAV file holds compressed audio. Please upload an uncompressed (PCM) WAV file.',
  empty: 'This WAV file has no audio in it.',
  lowSampleRate: (hz: number) =>
    `This WAV file's sample rate is ${hz.toLocaleString('en-US')} Hz, too low for music. ` +
    `Please upload audio at ${MIN_SAMPLE_RATE.toLocaleString('en-US')} Hz or more (44,100 or 48,000 Hz is usual).`,
  tooLong: (seconds: number, maxSeconds: number) =>
    `This recording is ${formatLength(seconds)} long; a song can be at most ${formatLength(maxSeconds)}.`,
} as const;

/** The file cannot become a song; `message` is meant for the artist. */
export class MediaRejectedError extends Error {}

export interface WavLimits {
  /** The longest song accepted (MAX_SONG_SECONDS). */
  maxSeconds: number;
}

export interface WavHeader {
  formatTag: number;
  channels: number;
  sampleRate: number;
  /** Bytes per frame (all channels of one sample instant). */
  blockAlign: number;
  dataBytes: number;
}

/** Reads `length` bytes at `position` (fewer at the end): a local file, a ranged read, or a browser File. */
export interface ByteSource {
  size: number;
  read(position: number, length: number): Promise<Uint8Array>;
}

const PCM = 1;
const IEEE_FLOAT = 3;
const EXTENSIBLE = 0xfffe;
const UNKNOWN_SIZE = 0xffffffff;
const MAX_CHUNKS = 1000;

/** How long the audio runs, from the header alone (no decoding). */
export function headerSeconds(header: WavHeader): number {
  return header.dataBytes / header.blockAlign / header.sampleRate;
}

/**
 * What the header alone can refuse, before any work is spent on the file: not PCM, damaged, empty,
 * a sample rate too low for music, or longer than the limit.
 */
export function checkWavHeader(header: WavHeader, limits: WavLimits): void {
  if (!isUncompressed(header)) throw new MediaRejectedError(WAV_MESSAGES.compressed);
  checkWavShape(header);
  if (header.dataBytes === 0) throw new MediaRejectedError(WAV_MESSAGES.empty);
  checkWavCost(header, limits);
}

function isUncompressed(header: WavHeader): boolean {
  return header.formatTag === PCM || header.formatTag === IEEE_FLOAT;
}

/**
 * Values no recorder writes (0 or 65,535 channels, a 4 GHz sample rate, frames of 0 bytes or of more
 * than 8 bytes a sample) are a damaged or hostile file, refused before any tool reads it.
 */
function checkWavShape({ channels, sampleRate, blockAlign }: WavHeader): void {
  const shapeIsSane =
    channels >= 1 &&
    channels <= 32 &&
    sampleRate >= 1000 &&
    sampleRate <= 768_000 &&
    blockAlign >= channels &&
    blockAlign <= channels * 8;
  if (!shapeIsSane) throw new MediaRejectedError(WAV_MESSAGES.damaged);
}

/**
 * The rules that bound the transcoder's work: a sane shape, a sample rate fit for music, and a length
 * within the limit. A compressed WAV is left alone here: the full check names it as such.
 */
export function checkWavCost(header: WavHeader, limits: WavLimits): void {
  if (!isUncompressed(header)) return;
  checkWavShape(header);
  if (header.sampleRate < MIN_SAMPLE_RATE) throw new MediaRejectedError(WAV_MESSAGES.lowSampleRate(header.sampleRate));
  const seconds = headerSeconds(header);
  if (seconds > limits.maxSeconds) throw new MediaRejectedError(WAV_MESSAGES.tooLong(seconds, limits.maxSeconds));
}

function latin1(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Walks the RIFF chunks up to 'data' with a few small reads; rejects what is not WAV or is cut short. */
export async function parseWavHeader({ size, read }: ByteSource): Promise<WavHeader> {
  const riff = await read(0, 12);
  const kind = latin1(riff, 0, 4);
  if (riff.length < 12 || !['RIFF', 'RF64', 'BW64'].includes(kind) || latin1(riff, 8, 12) !== 'WAVE') {
    throw new MediaRejectedError(WAV_MESSAGES.notWav);
  }
  return walkChunks(read, size);
}

async function walkChunks(read: ByteSource['read'], fileSize: number): Promise<WavHeader> {
  let format: Omit<WavHeader, 'dataBytes'> | undefined;
  let ds64DataBytes: number | undefined;
  let position = 12;
  for (let count = 0; count < MAX_CHUNKS; count++) {
    const chunk = await read(position, 8);
    if (chunk.length < 8) break;
    const id = latin1(chunk, 0, 4);
    const chunkSize = view(chunk).getUint32(4, true);
    const body = position + 8;
    if (id === 'ds64') ds64DataBytes = Number(view(await read(body, 16)).getBigUint64(8, true));
    if (id === 'fmt ') format = parseFormat(await read(body, Math.min(chunkSize, 40)));
    if (id === 'data') {
      if (!format) break;
      // Writers that could not seek back leave the size as 0 or 0xFFFFFFFF: the data runs to the end.
      const unknownSize = chunkSize === UNKNOWN_SIZE || (chunkSize === 0 && fileSize > body);
      const dataBytes = unknownSize ? (ds64DataBytes ?? fileSize - body) : chunkSize;
      if (body + dataBytes > fileSize) break;
      return { ...format, dataBytes };
    }
    position = body + chunkSize + (chunkSize % 2);
    if (position > fileSize) break;
  }
  throw new MediaRejectedError(WAV_MESSAGES.damaged);
}

function parseFormat(fmt: Uint8Array): Omit<WavHeader, 'dataBytes'> {
  if (fmt.length < 16) throw new MediaRejectedError(WAV_MESSAGES.damaged);
  const bytes = view(fmt);
  const tag = bytes.getUint16(0, true);
  const formatTag = tag === EXTENSIBLE && fmt.length >= 26 ? bytes.getUint16(24, true) : tag;
  return {
    formatTag,
    channels: bytes.getUint16(2, true),
    sampleRate: bytes.getUint32(4, true),
    blockAlign: bytes.getUint16(12, true),
  };
}

/**
 * What the browser can say about a chosen file before sending it: the header's reason for refusing
 * it, or null when the header passes (the server still checks the whole file).
 */
export async function wavHeaderProblem(source: ByteSource, limits: WavLimits): Promise<string | null> {
  try {
    checkWavHeader(await parseWavHeader(source), limits);
    return null;
  } catch (error) {
    if (error instanceof MediaRejectedError) return error.message;
    throw error;
  }
}
