import fs from 'node:fs/promises';
import { MediaToolError, type MediaTools } from './ffmpeg.js';
import { probeMedia } from './probe.js';

/** Reasons an artist reads when an upload is refused (stored on the song as its failure reason). */
export const WAV_MESSAGES = {
  notWav: 'This file is not a WAV audio file.',
  damaged: 'This WAV file is damaged and cannot be read.',
  compressed: 'This WAV file holds compressed audio. Please upload an uncompressed (PCM) WAV file.',
  empty: 'This WAV file has no audio in it.',
} as const;

/** The file cannot become a song; `message` is meant for the artist. */
export class MediaRejectedError extends Error {}

export interface WavInfo {
  durationSeconds: number;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** ffprobe's codec, e.g. pcm_s16le, pcm_s24le, pcm_f32le. */
  codec: string;
}

const PCM = 1;
const IEEE_FLOAT = 3;
const EXTENSIBLE = 0xfffe;
const UNKNOWN_SIZE = 0xffffffff;
const MAX_CHUNKS = 1000;

interface WavHeader {
  formatTag: number;
  channels: number;
  sampleRate: number;
  dataBytes: number;
}

/**
 * Is this really a WAV we can use? The RIFF/WAVE header read from the bytes (not the name), then
 * ffprobe must agree: a WAV container, a PCM stream, a duration above zero.
 */
export async function checkWav(tools: MediaTools, path: string, signal?: AbortSignal): Promise<WavInfo> {
  const header = await readWavHeader(path);
  if (header.formatTag !== PCM && header.formatTag !== IEEE_FLOAT)
    throw new MediaRejectedError(WAV_MESSAGES.compressed);
  if (header.channels < 1 || header.channels > 32 || header.sampleRate < 1000 || header.sampleRate > 768_000) {
    throw new MediaRejectedError(WAV_MESSAGES.damaged);
  }
  if (header.dataBytes === 0) throw new MediaRejectedError(WAV_MESSAGES.empty);
  const probe = await probeMedia(tools, path, signal).catch((error: unknown) => {
    if (error instanceof MediaToolError) throw new MediaRejectedError(WAV_MESSAGES.damaged);
    throw error;
  });
  if (!probe.formatName.split(',').includes('wav') || !probe.audio) throw new MediaRejectedError(WAV_MESSAGES.notWav);
  if (!probe.audio.codec.startsWith('pcm_')) throw new MediaRejectedError(WAV_MESSAGES.compressed);
  if (!(probe.durationSeconds > 0)) throw new MediaRejectedError(WAV_MESSAGES.empty);
  const { codec, sampleRate, channels, bitsPerSample } = probe.audio;
  return { durationSeconds: probe.durationSeconds, sampleRate, channels, bitsPerSample, codec };
}

/** Walks the RIFF chunks up to 'data' with a few small reads; rejects what is not WAV or is cut short. */
export async function readWavHeader(path: string): Promise<WavHeader> {
  const file = await fs.open(path, 'r');
  try {
    const { size } = await file.stat();
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    const riff = await read(0, 12);
    const kind = riff.subarray(0, 4).toString('latin1');
    if (riff.length < 12 || !['RIFF', 'RF64', 'BW64'].includes(kind) || riff.toString('latin1', 8, 12) !== 'WAVE') {
      throw new MediaRejectedError(WAV_MESSAGES.notWav);
    }
    return await walkChunks(read, size);
  } finally {
    await file.close();
  }
}

async function walkChunks(
  read: (position: number, length: number) => Promise<Buffer>,
  fileSize: number,
): Promise<WavHeader> {
  let format: Omit<WavHeader, 'dataBytes'> | undefined;
  let ds64DataBytes: number | undefined;
  let position = 12;
  for (let count = 0; count < MAX_CHUNKS; count++) {
    const chunk = await read(position, 8);
    if (chunk.length < 8) break;
    const id = chunk.toString('latin1', 0, 4);
    const chunkSize = chunk.readUInt32LE(4);
    const body = position + 8;
    if (id === 'ds64') ds64DataBytes = Number((await read(body, 16)).readBigUInt64LE(8));
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

function parseFormat(fmt: Buffer): Omit<WavHeader, 'dataBytes'> {
  if (fmt.length < 16) throw new MediaRejectedError(WAV_MESSAGES.damaged);
  const tag = fmt.readUInt16LE(0);
  const formatTag = tag === EXTENSIBLE && fmt.length >= 26 ? fmt.readUInt16LE(24) : tag;
  return { formatTag, channels: fmt.readUInt16LE(2), sampleRate: fmt.readUInt32LE(4) };
}
