import fs from 'node:fs/promises';
import path from 'node:path';
import {
  downloadsPassArgs,
  PEAKS_SAMPLE_RATE,
  STREAM_FILES,
  streamPassArgs,
  type DownloadsPassPaths,
  type SongTags,
  type StreamPassPaths,
} from './ffmpeg-args.js';
import { runMediaTool, type MediaTools } from './ffmpeg.js';
import { fixHlsPlaylist } from './hls-playlists.js';
import { parseLoudnessSummary, type Loudness } from './loudness.js';
import { PeaksCollector } from './peaks.js';
import { checkWav, type WavInfo } from './wav.js';

export interface SongMeta extends SongTags {
  /** JPEG or PNG, embedded as the cover of the FLAC and MP3 downloads. */
  artworkPath?: string | undefined;
}

export interface TranscodeSongInput {
  inputPath: string;
  /** An empty folder the outputs are written to; the caller uploads them and removes it. */
  workDir: string;
  meta: SongMeta;
  tools: MediaTools;
  /** Abort kills both ffmpeg processes (the job's signal). */
  signal?: AbortSignal | undefined;
  /** The longest song accepted (MAX_SONG_SECONDS); default two hours. */
  maxSeconds?: number | undefined;
}

/** Every path is a local file inside workDir. */
export interface TranscodedSong {
  durationSeconds: number;
  source: WavInfo;
  /** `playlist` is the master playlist (the song's streamFile); files include it, the media playlist and segments. */
  hls: { playlist: string; files: string[] };
  /** `manifest` is the song's dashManifest; files include it and the segments (shared with HLS). */
  dash: { manifest: string; files: string[] };
  /** At most MAX_PREVIEW_SECONDS of AAC in MP4 (.m4a): the song's previewFile. */
  preview: string;
  downloads: { flac: string; mp3: string; wav: string };
  peaks: number[];
  loudness: Loudness;
}

/** Where the outputs land inside workDir; the same relative paths become storage keys (song-outputs.ts). */
export const PIPELINE_FILES = {
  streamDir: 'stream',
  preview: 'preview/preview.m4a',
  flac: 'download/song.flac',
  mp3: 'download/song.mp3',
  wav: 'download/song.wav',
} as const;

/**
 * Checks the WAV, then makes every output in two ffmpeg processes side by side (one per core):
 * the AAC stream + preview + loudness, and the downloads + peaks. Rejects with MediaRejectedError
 * (a message for the artist) when the file is not a usable WAV.
 */
export async function transcodeSong(input: TranscodeSongInput): Promise<TranscodedSong> {
  const source = await checkWav(input.tools, input.inputPath, { maxSeconds: input.maxSeconds, signal: input.signal });
  const streamPaths: StreamPassPaths = {
    streamDir: path.join(input.workDir, PIPELINE_FILES.streamDir),
    previewPath: path.join(input.workDir, PIPELINE_FILES.preview),
  };
  const downloadPaths: DownloadsPassPaths = {
    flacPath: path.join(input.workDir, PIPELINE_FILES.flac),
    mp3Path: path.join(input.workDir, PIPELINE_FILES.mp3),
    wavPath: path.join(input.workDir, PIPELINE_FILES.wav),
  };
  for (const folder of [
    streamPaths.streamDir,
    path.dirname(streamPaths.previewPath),
    path.dirname(downloadPaths.flacPath),
  ]) {
    await fs.mkdir(folder, { recursive: true });
  }

  const both = new AbortController();
  const signal = input.signal ? AbortSignal.any([input.signal, both.signal]) : both.signal;
  const timeoutMs = expectedRunMs(source.durationSeconds);
  const peaks = new PeaksCollector(Math.ceil(source.durationSeconds * PEAKS_SAMPLE_RATE));
  const streamPass = runMediaTool(input.tools.ffmpeg, streamPassArgs(input.inputPath, source, streamPaths), {
    signal,
    timeoutMs,
  });
  const downloadsArgs = downloadsPassArgs(input.inputPath, source, input.meta, input.meta.artworkPath, downloadPaths);
  const downloadsPass = runMediaTool(input.tools.ffmpeg, downloadsArgs, {
    signal,
    timeoutMs,
    onStdout: (chunk) => peaks.push(chunk),
  });
  // When one pass fails, stop the other rather than let it run on.
  const [stream] = await Promise.all([streamPass, downloadsPass].map((pass) => pass.catch(abortWith(both))));

  const loudness = parseLoudnessSummary(stream!.stderrTail);
  if (!loudness) throw new Error('ffmpeg printed no loudness summary.');
  const manifests = await finishStreamFiles(streamPaths.streamDir);
  return {
    durationSeconds: source.durationSeconds,
    source,
    ...manifests,
    preview: streamPaths.previewPath,
    downloads: { flac: downloadPaths.flacPath, mp3: downloadPaths.mp3Path, wav: downloadPaths.wavPath },
    peaks: peaks.peaks(),
    loudness,
  };
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
