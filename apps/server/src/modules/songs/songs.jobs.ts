import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { JobContext, JobOutcome } from '../../platform/jobs/job-queue.js';
import { resolveMediaTools } from '../../platform/media/ffmpeg.js';
import {
  downloadOutputKeys,
  downloadFileName,
  listDownloadOutputs,
  listStreamOutputs,
  streamOutputKeys,
  type SongOutputObject,
} from '../../platform/media/song-outputs.js';
import {
  startTranscode,
  transcodeDownloads,
  type DownloadOutputs,
  type SongMeta,
  type TranscodeSongInput,
} from '../../platform/media/song-pipeline.js';
import { MediaRejectedError } from '../../platform/media/wav.js';
import { copyObjectToFile } from '../../platform/storage/storage.js';
import { DOWNLOADS_GAVE_UP_REASON, downloadsState } from './songs.downloads-state.js';
import { findSongById, updateSongRow, type SongRow } from './songs.repository.js';
import { removeDeadWorkDirs, songWorkDir } from './songs.work-dirs.js';
import { discardSongFormats, registerFormatJobs } from './song-formats.js';
import { readSongFileTags } from './song-tags.js';

export const TRANSCODE_JOB = 'songs.transcode';
/** artistId and durationSeconds (from the WAV header) drive fair order and the time budget. */
const payload = z.object({
  songId: z.uuid(),
  artistId: z.uuid().optional(),
  durationSeconds: z.number().nonnegative().optional(),
});
export const GAVE_UP_REASON = 'We could not process this file. Please upload it again.';

/**
 * The time one attempt may take, from the audio's length rather than its bytes (a 1 kHz file is tiny
 * and long): measured cost is 2-4% of the duration on 2 cores, so half of it plus five minutes of
 * slack for storage is far above need and still bounded.
 */
export function transcodeBudgetSeconds(durationSeconds: number): number {
  return Math.ceil(5 * 60 + durationSeconds * 0.5);
}

/**
 * Waiting songs run fewest-seconds-first per artist: a song's priority falls with the audio its artist
 * already has queued plus its own length, so one artist's long uploads never hold back another's
 * short one (pg-boss runs the highest priority first).
 */
function fairPriority(queuedSeconds: number, durationSeconds: number): number {
  return -Math.min(2 ** 31 - 1, Math.round(queuedSeconds + durationSeconds));
}

export function registerSongJobs(ctx: AppContext): void {
  ctx.jobs.define({
    name: TRANSCODE_JOB,
    payload,
    policy: 'stately',
    retryLimit: 3,
    handle: ({ songId }, job) => transcodeSongJob(ctx, songId, job),
    onGiveUp: ({ songId }) => giveUpSong(ctx, songId),
    onWorkerStart: () => removeDeadWorkDirs(ctx.log),
    // A 2 s poll would eat most of the time-to-first-sound budget when the upload lands on another process.
    pollingIntervalSeconds: 0.5,
  });
  registerFormatJobs(ctx);
}

/** Retries ran out: a song that already plays keeps playing, only its downloads are marked failed. */
async function giveUpSong(ctx: AppContext, songId: string): Promise<void> {
  const song = await findSongById(ctx.db, songId);
  if (song && downloadsState(song) === 'preparing') {
    await updateSongRow(ctx.db, songId, { failureReason: DOWNLOADS_GAVE_UP_REASON });
  } else if (song?.status === 'uploading') {
    await updateSongRow(ctx.db, songId, { status: 'failed', failureReason: GAVE_UP_REASON });
  }
}

/** Queues a song's transcode through ctx.db: inside withTransaction it commits with the song's status. */
export async function enqueueTranscode(
  ctx: AppContext,
  song: Pick<SongRow, 'id' | 'artistId'>,
  durationSeconds: number,
): Promise<void> {
  const queued = await ctx.jobs.queuedSum(TRANSCODE_JOB, { artistId: song.artistId }, 'durationSeconds', {
    db: ctx.db,
  });
  await ctx.jobs.send(
    TRANSCODE_JOB,
    { songId: song.id, artistId: song.artistId, durationSeconds },
    {
      singletonKey: song.id,
      expireInSeconds: transcodeBudgetSeconds(durationSeconds),
      priority: fairPriority(queued, durationSeconds),
      db: ctx.db,
    },
  );
}

/** The upload's downloads carry the song's names, track and cover (its year only in the formats made later). */
async function songMeta(ctx: AppContext, song: SongRow, workDir: string): Promise<SongMeta> {
  const { title, artist, album, trackNumber, artworkPath } = await readSongFileTags(ctx, song, workDir);
  return { title, artist, album, trackNumber, artworkPath };
}

async function inputFile(ctx: AppContext, key: string, workDir: string): Promise<string> {
  const local = ctx.storage.localPath?.(key);
  if (local && fs.existsSync(local)) return local;
  // The extension names the original's container (decision 0053): keep it.
  const file = path.join(workDir, `input${path.extname(key).toLowerCase()}`);
  await copyObjectToFile(ctx.storage, key, file);
  return file;
}

/** The download menu's sizes, from the files just stored. */
async function fileSizes(files: DownloadOutputs) {
  const [flac, mp3, wav] = await Promise.all([files.flac, files.mp3, files.wav].map((file) => fsp.stat(file)));
  return { flac: flac!.size, mp3: mp3!.size, wav: wav!.size };
}

async function storeOutputs(ctx: AppContext, outputs: SongOutputObject[]): Promise<void> {
  for (const output of outputs) {
    await ctx.storage.put(output.key, fs.createReadStream(output.file), output.contentType, {
      contentDisposition: output.contentDisposition,
    });
  }
}

/** What a job does for a song: all of it (just uploaded), only the downloads (the stream is live), or nothing. */
function workFor(song: SongRow | null): 'everything' | 'downloads' | null {
  if (!song?.originalKey || !song.mediaPrefix) return null;
  if (song.status === 'uploading') return 'everything';
  return downloadsState(song) === 'preparing' ? 'downloads' : null;
}

interface SongWork {
  ctx: AppContext;
  song: SongRow & { originalKey: string; mediaPrefix: string };
  job: JobContext;
  /** The folder ffmpeg writes into: its relative paths become the storage keys. */
  outputDir: string;
  input: TranscodeSongInput;
}

/**
 * Makes the outputs of one uploaded song and stores them. The song plays (status ready) as soon as its
 * stream is stored; the downloads follow, and a retry of a live song makes only them. A file that is not a
 * usable WAV fails the song.
 */
export async function transcodeSongJob(ctx: AppContext, songId: string, job: JobContext): Promise<JobOutcome> {
  const song = await findSongById(ctx.db, songId);
  const work = workFor(song);
  if (!work) return 'skipped';
  const workDir = await songWorkDir(songId);
  try {
    const outputDir = path.join(workDir, 'out');
    await fsp.mkdir(outputDir);
    const input: TranscodeSongInput = {
      inputPath: await inputFile(ctx, song!.originalKey!, workDir),
      workDir: outputDir,
      meta: await songMeta(ctx, song!, workDir),
      tools: resolveMediaTools(ctx.config),
      signal: job.signal,
      maxSeconds: ctx.config.maxSongSeconds,
    };
    const songWork = { ctx, song: song as SongWork['song'], job, outputDir, input };
    return work === 'everything'
      ? await makeEverything(songWork)
      : await storeDownloads(songWork, transcodeDownloads(input));
  } catch (error) {
    if (!(error instanceof MediaRejectedError)) throw error;
    await updateSongRow(ctx.db, songId, { status: 'failed', failureReason: error.message });
    return 'failed';
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}

async function makeEverything(work: SongWork): Promise<JobOutcome> {
  const { ctx, song, outputDir } = work;
  const running = await startTranscode(work.input);
  try {
    const stream = await running.stream;
    await storeOutputs(ctx, listStreamOutputs(stream, outputDir, song.mediaPrefix));
    const live = await updateSongRow(ctx.db, song.id, {
      ...streamOutputKeys(stream, outputDir, song.mediaPrefix),
      status: 'ready',
      duration: stream.durationSeconds,
      peaks: stream.peaks,
      loudness: stream.loudness,
      failureReason: null,
      processedAt: new Date(),
    });
    if (!live) return await takeBack(work);
    work.job.log.info({ songId: song.id, seconds: stream.durationSeconds }, 'song playable');
    return await storeDownloads(work, running.downloads);
  } finally {
    running.abort(new Error('The transcode ended.'));
    await running.settled;
  }
}

async function storeDownloads(work: SongWork, made: Promise<DownloadOutputs>): Promise<JobOutcome> {
  const { ctx, song, outputDir } = work;
  const downloads = await made;
  const { artist, title } = work.input.meta;
  const name = (format: keyof DownloadOutputs) => downloadFileName(artist || 'HFM', title, format);
  await storeOutputs(ctx, listDownloadOutputs(downloads, outputDir, song.mediaPrefix, name));
  const stored = await updateSongRow(ctx.db, song.id, {
    ...downloadOutputKeys(downloads, outputDir, song.mediaPrefix),
    downloadSizes: await fileSizes(downloads),
  });
  if (!stored) return await takeBack(work);
  // A new master: the formats made from the one before it are made again when asked for.
  await discardSongFormats(ctx, song.id);
  work.job.log.info({ songId: song.id }, 'song downloads ready');
  return 'success';
}

/** Deleted while it was being made: take back what this job stored. */
async function takeBack(work: SongWork): Promise<JobOutcome> {
  await work.ctx.storage.deletePrefix(work.song.mediaPrefix);
  return 'skipped';
}
