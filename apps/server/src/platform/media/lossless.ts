import fs from 'node:fs/promises';
import path from 'node:path';
import {
  containerOfName,
  DEFAULT_MAX_SONG_SECONDS,
  LOSSLESS_MESSAGES,
  MediaRejectedError,
  readLosslessHeader,
  type LosslessContainer,
  type LosslessHeader,
} from '@hfm/shared';
import { inputArgs } from './ffmpeg-args.js';
import { MediaToolError, runMediaTool, type MediaTools } from './ffmpeg.js';
import { probeMedia, type ProbeResult } from './probe.js';
import { checkWav, type WavInfo } from './wav.js';

/** A decoded length this far from the header's own count is a damaged or lying file. */
export const LENGTH_TOLERANCE_SECONDS = 0.5;

export interface LosslessSource {
  /** A PCM WAV: the original when it was one, else the original decoded. */
  wavPath: string;
  info: WavInfo;
  container: LosslessContainer;
}

interface SourceOptions {
  maxSeconds?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Where a decoded copy of a FLAC, AIFF or ALAC original is written. */
  decodedPath: string;
}

/** The header of a local file named like the original (its extension names the container). */
export async function readLosslessFile(file: string, maxSeconds: number): Promise<LosslessHeader> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    // Originals stored before decision 0053 were all WAV, and a long name could lose its extension then.
    const name = containerOfName(file) ? path.basename(file) : `${path.basename(file)}.wav`;
    return await readLosslessHeader({ size, read }, name, { maxSeconds });
  } finally {
    await handle.close();
  }
}

/** What ffprobe must see in each container: its demuxer and its lossless codec. */
function probeAgrees(container: LosslessContainer, probe: ProbeResult): boolean {
  const formats = probe.formatName.split(',');
  const codec = probe.audio?.codec ?? '';
  if (container === 'flac') return formats.includes('flac') && codec === 'flac';
  if (container === 'aiff') return formats.includes('aiff') && codec.startsWith('pcm_');
  if (container === 'alac') return formats.includes('mp4') && codec === 'alac';
  return formats.includes('wav') && codec.startsWith('pcm_');
}

/** The PCM the decoded copy keeps: the source's depth (integers widened to 16, 24 or 32 bits), floats as floats. */
export function pcmCodecFor(bitsPerSample: number, sourceCodec: string): string {
  if (sourceCodec.startsWith('pcm_f64')) return 'pcm_f64le';
  if (sourceCodec.startsWith('pcm_f32')) return 'pcm_f32le';
  if (bitsPerSample <= 16) return 'pcm_s16le';
  return bitsPerSample <= 24 ? 'pcm_s24le' : 'pcm_s32le';
}

/**
 * The decode of a lossless original to a PCM WAV, stopped at `seconds` (a file that decodes on past
 * its header's count cannot make the decoder run on: a bomb stops here).
 */
export function decodeToPcmArgs(inputPath: string, codec: string, seconds: number, outputPath: string): string[] {
  return [
    ...inputArgs(inputPath),
    '-map',
    '0:a:0',
    '-t',
    seconds.toFixed(3),
    '-c:a',
    codec,
    '-map_metadata',
    '-1',
    '-rf64',
    'auto',
    '-f',
    'wav',
    outputPath,
  ];
}

/**
 * Is this a lossless original we can use? The header by the shared rule (the one the browser ran), then
 * ffprobe, within a deadline, must agree on the container and codec. A WAV is then used as it is; the
 * others are decoded to a PCM WAV, which the WAV checks confirm and every output is made from, so a FLAC
 * makes the same outputs as a WAV would. Rejects with MediaRejectedError (a message for the artist).
 */
export async function prepareLosslessSource(
  tools: MediaTools,
  inputPath: string,
  { maxSeconds = DEFAULT_MAX_SONG_SECONDS, signal, decodedPath }: SourceOptions,
): Promise<LosslessSource> {
  const header = await readLosslessFile(inputPath, maxSeconds);
  const { container } = header;
  if (container === 'wav') {
    return { wavPath: inputPath, info: await checkWav(tools, inputPath, { maxSeconds, signal }), container };
  }
  const damaged = () => new MediaRejectedError(LOSSLESS_MESSAGES.damaged(container));
  // probeMedia's own deadline (30 s) bounds it: ffprobe reads only the header and index.
  const probe = await probeMedia(tools, inputPath, signal).catch((error: unknown) => {
    if (error instanceof MediaToolError) throw damaged();
    throw error;
  });
  if (!probeAgrees(container, probe)) throw new MediaRejectedError(LOSSLESS_MESSAGES.notContainer(container));
  await fs.mkdir(path.dirname(decodedPath), { recursive: true });
  const codec = pcmCodecFor(header.bitsPerSample, probe.audio!.codec);
  const cap = Math.min(header.seconds, maxSeconds) + 2 * LENGTH_TOLERANCE_SECONDS;
  const backstopMs = Math.max(60_000, Math.ceil(header.seconds * 1000 * 0.1));
  await runMediaTool(tools.ffmpeg, decodeToPcmArgs(inputPath, codec, cap, decodedPath), {
    signal,
    timeoutMs: backstopMs,
  }).catch((error: unknown) => {
    if (error instanceof MediaToolError) throw damaged();
    throw error;
  });
  const info = await checkWav(tools, decodedPath, { maxSeconds, signal }).catch((error: unknown) => {
    if (error instanceof MediaRejectedError) throw damaged();
    throw error;
  });
  // More audio than the header said (a lying header), or less (cut short): not the file it claims to be.
  if (Math.abs(info.durationSeconds - header.seconds) > LENGTH_TOLERANCE_SECONDS) throw damaged();
  return { wavPath: decodedPath, info, container };
}
