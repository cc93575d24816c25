import {
  checkWavHeader,
  DEFAULT_MAX_SONG_SECONDS,
  MediaRejectedError,
  parseWavHeader,
  WAV_MESSAGES,
  type WavHeader,
  type WavLimits,
} from '@hfm/shared';
import fs from 'node:fs/promises';
import { MediaToolError, type MediaTools } from './ffmpeg.js';
import { probeMedia } from './probe.js';

export {
  checkWavCost,
  checkWavHeader,
  DEFAULT_MAX_SONG_SECONDS,
  formatLength,
  headerSeconds,
  MediaRejectedError,
  MIN_SAMPLE_RATE,
  parseWavHeader,
  WAV_MESSAGES,
  type ByteSource,
  type WavHeader,
  type WavLimits,
} from '@hfm/shared';

export interface WavInfo {
  durationSeconds: number;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** ffprobe's codec, e.g. pcm_s16le, pcm_s24le, pcm_f32le. */
  codec: string;
}

/**
 * Is this really a WAV we can use? The RIFF/WAVE header read from the bytes (not the name), then
 * ffprobe must agree: a WAV container, a PCM stream, a duration above zero.
 */
export async function checkWav(
  tools: MediaTools,
  path: string,
  { maxSeconds = DEFAULT_MAX_SONG_SECONDS, signal }: Partial<WavLimits> & { signal?: AbortSignal | undefined } = {},
): Promise<WavInfo> {
  checkWavHeader(await readWavHeader(path), { maxSeconds });
  const probe = await probeMedia(tools, path, signal).catch((error: unknown) => {
    if (error instanceof MediaToolError) throw new MediaRejectedError(WAV_MESSAGES.damaged);
    throw error;
  });
  if (!probe.formatName.split(',').includes('wav') || !probe.audio) throw new MediaRejectedError(WAV_MESSAGES.notWav);
  if (!probe.audio.codec.startsWith('pcm_')) throw new MediaRejectedError(WAV_MESSAGES.compressed);
  if (!(probe.durationSeconds > 0)) throw new MediaRejectedError(WAV_MESSAGES.empty);
  if (probe.durationSeconds > maxSeconds) {
    throw new MediaRejectedError(WAV_MESSAGES.tooLong(probe.durationSeconds, maxSeconds));
  }
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
    return await parseWavHeader({ size, read });
  } finally {
    await file.close();
  }
}
