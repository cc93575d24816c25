import fs from 'node:fs/promises';
import path from 'node:path';
import {
  downloadsPassArgs,
  PEAKS_SAMPLE_RATE,
  previewPassArgs,
  STREAM_FILES,
  STREAM_HALVES,
  streamHalfArgs,
  streamJoinArgs,
  streamJoinList,
  streamPassArgs,
  streamSplit,
  type DownloadsPassPaths,
  type SongTags,
} from './ffmpeg-args.js';
import { runMediaTool, type MediaTools, type RunOptions } from './ffmpeg.js';
import { fixHlsPlaylist } from './hls-playlists.js';
import { parseLoudnessSummary, type Loudness } from './loudness.js';
import { PeaksCollector } from './peaks.js';
import { prepareLosslessSource } from './lossless.js';
import type { WavInfo } from './wav.js';

export interface SongMeta extends SongTags {
  /** JPEG or PNG, embedded as the cover of the FLAC and MP3 downloads. */
  artworkPath?: string | undefined;
}

export interface TranscodeSongInput {
  /** The original: WAV, FLAC, AIFF or ALAC, its extension naming its container. */
  inputPath: string;
  /** An empty folder the outputs are written to; the caller uploads them and removes it. */
  workDir: string;
  meta: SongMeta;
  tools: MediaTools;
  /** Abort kills every ffmpeg process (the job's signal). */
  signal?: AbortSignal | undefined;
  /** The longest song accepted (MAX_SONG_SECONDS); default two hours. */
  maxSeconds?: number | undefined;
}

/** What a song needs to play. Every path is a local file inside workDir. */
export interface StreamOutputs {
  durationSeconds: number;
  source: WavInfo;
  /** `playlist` is the master playlist (the song's streamFile); files include it, the media playlist and segments. */
  hls: { playlist: string; files: string[] };
  /** `manifest` is the song's dashManifest; files include it and the segments (shared with HLS). */
  dash: { manifest: string; files: string[] };
  /** At most MAX_PREVIEW_SECONDS of AAC in MP4 (.m4a): the song's previewFile. */
  preview: string;
  peaks: number[];
  loudness: Loudness;
}

/** The files a fan downloads, inside workDir. */
export interface DownloadOutputs {
  flac: string;
  mp3: string;
  wav: string;
}

export interface TranscodedSong extends StreamOutputs {
  downloads: DownloadOutputs;
}

/** A transcode under way: the stream settles first; the downloads go on after it (or fail on their own). */
export interface RunningTranscode {
  stream: Promise<StreamOutputs>;
  /** A failure here leaves the stream alone: a live song only waits for its downloads to be made again. */
  downloads: Promise<DownloadOutputs>;
  /** Kills every process still running. */
  abort(reason?: unknown): void;
  /** Settles when every process has ended. */
  settled: Promise<void>;
}

/** Where the outputs land inside workDir; the same relative paths become storage keys (song-outputs.ts). */
export const PIPELINE_FILES = {
  streamDir: 'stream',
  /** The two halves of a long stream before they are joined; not stored. */
  streamHalvesDir: 'stream-halves',
  preview: 'preview/preview.m4a',
  flac: 'download/song.flac',
  mp3: 'download/song.mp3',
  wav: 'download/song.wav',
  /** A FLAC, AIFF or ALAC original decoded to PCM, which every output is made from; not stored. */
  decoded: 'source/decoded.wav',
} as const;

/**
 * The original checked (decision 0053) and, unless it is a WAV, decoded to a PCM WAV: from here on every
 * container makes the same outputs, and the WAV download is PCM.
 */
async function prepareInput(input: TranscodeSongInput): Promise<{ input: TranscodeSongInput; source: WavInfo }> {
  const prepared = await prepareLosslessSource(input.tools, input.inputPath, {
    maxSeconds: input.maxSeconds,
    signal: input.signal,
    decodedPath: path.join(input.workDir, PIPELINE_FILES.decoded),
  });
  return { input: { ...input, inputPath: prepared.wavPath }, source: prepared.info };
}

/**
 * Checks the original (WAV, FLAC, AIFF or ALAC), then starts the stream encode and the preview + loudness + peaks side by side (together
 * they make the song playable; a long song's stream is two encodes, one per core), and the downloads at
 * the lowest CPU priority, which take a core as soon as one is free. Rejects with MediaRejectedError (a
 * message for the artist) when the file is not usable lossless audio.
 */
export async function startTranscode(original: TranscodeSongInput): Promise<RunningTranscode> {
  const { input, source } = await prepareInput(original);
  const all = new AbortController();
  const signal = input.signal ? AbortSignal.any([input.signal, all.signal]) : all.signal;
  // A stream that fails takes the downloads with it: the job starts again from the start.
  const stream = makeStream(input, source, signal).catch(abortWith(all));
  const downloads = makeDownloads(input, source, signal, { lowPriority: true });
  // Handled by whoever awaits them; these keep an early failure from counting as unhandled meanwhile.
  stream.catch(() => undefined);
  downloads.catch(() => undefined);
  return {
    stream,
    downloads,
    abort: (reason) => all.abort(reason),
    settled: Promise.allSettled([stream, downloads]).then(() => undefined),
  };
}

/** Every output, stream and downloads: for callers that need the song whole (the seed, the benchmark). */
export async function transcodeSong(input: TranscodeSongInput): Promise<TranscodedSong> {
  const running = await startTranscode(input);
  try {
    const [stream, downloads] = await Promise.all([running.stream, running.downloads]);
    return { ...stream, downloads };
  } catch (error) {
    running.abort(error);
    await running.settled;
    throw error;
  }
}

/** The downloads alone, at full priority: a retry for a song whose stream is already live. */
export async function transcodeDownloads(original: TranscodeSongInput): Promise<DownloadOutputs> {
  const { input, source } = await prepareInput(original);
  return makeDownloads(input, source, input.signal, { lowPriority: false });
}

async function makeStream(input: TranscodeSongInput, source: WavInfo, signal: AbortSignal): Promise<StreamOutputs> {
  const streamDir = path.join(input.workDir, PIPELINE_FILES.streamDir);
  const previewPath = path.join(input.workDir, PIPELINE_FILES.preview);
  await fs.mkdir(streamDir, { recursive: true });
  await fs.mkdir(path.dirname(previewPath), { recursive: true });
  const both = new AbortController();
  const options = { signal: AbortSignal.any([signal, both.signal]), timeoutMs: expectedRunMs(source.durationSeconds) };
  const peaks = new PeaksCollector(Math.ceil(source.durationSeconds * PEAKS_SAMPLE_RATE));
  const streamPass = encodeStream(input, source, streamDir, options);
  const previewPass = runMediaTool(input.tools.ffmpeg, previewPassArgs(input.inputPath, source, previewPath), {
    ...options,
    onStdout: (chunk) => peaks.push(chunk),
  });
  // When one pass fails, stop the other rather than let it run on.
  const [, preview] = await Promise.all([streamPass, previewPass].map((pass) => pass.catch(abortWith(both))));
  const loudness = parseLoudnessSummary(preview!.stderrTail);
  if (!loudness) throw new Error('ffmpeg printed no loudness summary.');
  return {
    durationSeconds: source.durationSeconds,
    source,
    ...(await finishStreamFiles(streamDir)),
    preview: previewPath,
    peaks: peaks.peaks(),
    loudness,
  };
}

/**
 * The stream encode. A long song is encoded as two halves side by side (AAC encoding is single-threaded:
 * this is what puts both cores on the time to first sound), then joined frame-exactly without re-encoding.
 */
async function encodeStream(
  input: TranscodeSongInput,
  source: WavInfo,
  streamDir: string,
  options: RunOptions,
): Promise<void> {
  const split = streamSplit(source);
  if (!split) {
    await runMediaTool(input.tools.ffmpeg, streamPassArgs(input.inputPath, source, streamDir), options);
    return;
  }
  const halvesDir = path.join(input.workDir, PIPELINE_FILES.streamHalvesDir);
  await fs.mkdir(halvesDir, { recursive: true });
  const halves = (['first', 'second'] as const).map((half) => {
    const output = path.join(halvesDir, STREAM_HALVES[half]);
    return runMediaTool(input.tools.ffmpeg, streamHalfArgs(input.inputPath, source, split, half, output), options);
  });
  await Promise.all(halves);
  const listPath = path.join(halvesDir, STREAM_HALVES.list);
  await fs.writeFile(listPath, streamJoinList(split));
  await runMediaTool(input.tools.ffmpeg, streamJoinArgs(listPath, split, streamDir), options);
  await fs.rm(halvesDir, { recursive: true, force: true });
}

async function makeDownloads(
  input: TranscodeSongInput,
  source: WavInfo,
  signal: AbortSignal | undefined,
  options: { lowPriority: boolean },
): Promise<DownloadOutputs> {
  const paths: DownloadsPassPaths = {
    flacPath: path.join(input.workDir, PIPELINE_FILES.flac),
    mp3Path: path.join(input.workDir, PIPELINE_FILES.mp3),
    wavPath: path.join(input.workDir, PIPELINE_FILES.wav),
  };
  await fs.mkdir(path.dirname(paths.flacPath), { recursive: true });
  const args = downloadsPassArgs(input.inputPath, source, input.meta, input.meta.artworkPath, paths);
  // At low priority the pass waits for the CPU others leave (on a busy machine, most of its time):
  // its backstop is longer, the job's own budget still bounds it.
  const backstopMs = expectedRunMs(source.durationSeconds) * (options.lowPriority ? 4 : 1);
  await runMediaTool(input.tools.ffmpeg, args, { signal, timeoutMs: backstopMs, lowPriority: options.lowPriority });
  return { flac: paths.flacPath, mp3: paths.mp3Path, wav: paths.wavPath };
}

function abortWith(controller: AbortController) {
  return (error: unknown): never => {
    controller.abort(error);
    throw error;
  };
}

/** A backstop far above the measured cost (2-4% of the duration on 2 cores), never under two minutes. */
function expectedRunMs(durationSeconds: number): number {
  return Math.max(120_000, Math.ceil(durationSeconds * 1000 * 0.25));
}

/** Fixes the HLS playlists up for on-demand playback and lists which files belong to which manifest. */
async function finishStreamFiles(streamDir: string): Promise<Pick<TranscodedSong, 'hls' | 'dash'>> {
  const names = (await fs.readdir(streamDir)).sort();
  const playlists = names.filter((name) => name.endsWith('.m3u8'));
  for (const name of playlists) {
    const file = path.join(streamDir, name);
    await fs.writeFile(file, fixHlsPlaylist(await fs.readFile(file, 'utf8')));
  }
  const media = names.filter((name) => name === STREAM_FILES.init || name.endsWith('.m4s'));
  const full = (list: string[]) => list.map((name) => path.join(streamDir, name));
  const mediaPlaylists = playlists.filter((name) => name !== STREAM_FILES.hlsMaster);
  return {
    hls: {
      playlist: path.join(streamDir, STREAM_FILES.hlsMaster),
      files: full([STREAM_FILES.hlsMaster, ...mediaPlaylists, ...media]),
    },
    dash: {
      manifest: path.join(streamDir, STREAM_FILES.dashManifest),
      files: full([STREAM_FILES.dashManifest, ...media]),
    },
  };
}
