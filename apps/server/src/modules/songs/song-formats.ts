/**
 * The formats made on first request (decision 0051): ALAC, AIFF, MP3 V0, AAC 256, Ogg Vorbis and Opus,
 * encoded by a `songs.format` job from the song's stored FLAC master, with its tags and cover, stored beside
 * its other downloads and reused. The first request makes the format's row (unique per song and format)
 * and, in the same transaction, the job; every other request, at once or later, finds the row and waits
 * for it. So ten requests at once encode once.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { sharp } from '../../platform/media/sharp.js';
import { z } from 'zod';
import { downloadFormatInfo, ON_DEMAND_FORMATS, type DownloadFormat, type OnDemandFormat } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../platform/db/transaction.js';
import type { JobContext, JobOutcome } from '../../platform/jobs/job-queue.js';
import { formatEncodeArgs, isOggFormat, oggMetadataFile } from '../../platform/media/format-args.js';
import { resolveMediaTools, runMediaTool } from '../../platform/media/ffmpeg.js';
import { probeMedia } from '../../platform/media/probe.js';
import { attachment } from '../../platform/storage/media-headers.js';
import { cleanKeySegment, copyObjectToFile } from '../../platform/storage/storage.js';
import {
  claimSongFormat,
  findSongFormat,
  findSongFormats,
  forgetSongFormats,
  markSongFormatFailed,
  markSongFormatReady,
  reclaimFailedSongFormat,
  type SongFormatRow,
} from './song-formats.repository.js';
import { readSongFileTags } from './song-tags.js';
import { findSongById, type SongRow } from './songs.repository.js';
import { songWorkDir } from './songs.work-dirs.js';

export const FORMAT_JOB = 'songs.format';
const payload = z.object({ songId: z.uuid(), format: z.enum(ON_DEMAND_FORMATS) });

/** A format that failed is tried again when asked for after this long (the cause may have passed). */
const FAILED_RETRY_AFTER_MS = 10 * 60 * 1000;
export const FORMAT_FAILED_MESSAGE = 'We could not prepare this format. Please try another, or again in a few minutes.';

export function isOnDemandFormat(format: DownloadFormat): format is OnDemandFormat {
  return (ON_DEMAND_FORMATS as readonly string[]).includes(format);
}

/** What each format's file is called: `Artist-Title.m4a`, with only safe characters. */
export function formatFileName(artistName: string, title: string, format: DownloadFormat): string {
  return `${cleanKeySegment(artistName)}-${cleanKeySegment(title)}.${downloadFormatInfo(format).extension}`;
}

/** Budget of one encode: AAC runs about 40x realtime on one core; a tenth of the length plus two minutes. */
export function formatBudgetSeconds(durationSeconds: number | null): number {
  return Math.ceil(2 * 60 + (durationSeconds ?? 2 * 60 * 60) * 0.1);
}

export function registerFormatJobs(ctx: AppContext): void {
  ctx.jobs.define({
    name: FORMAT_JOB,
    payload,
    policy: 'stately',
    retryLimit: 2,
    handle: ({ songId, format }, job) => makeSongFormat(ctx, songId, format, job),
    onGiveUp: ({ songId, format }) => markSongFormatFailed(ctx.db, songId, format, FORMAT_FAILED_MESSAGE),
    // A fan is waiting on the other side of a 'Preparing your download…'.
    pollingIntervalSeconds: 0.5,
  });
}

export type FormatState =
  { state: 'ready'; key: string; bytes: number } | { state: 'preparing' } | { state: 'failed'; reason: string };

/**
 * The state of one song's format, asking for it to be made when it is not: the first caller makes the row
 * and the job in one transaction, later callers see `preparing` until the job stored the file. The caller
 * checked the song is downloadable and its FLAC master is stored.
 */
export async function requestSongFormat(
  ctx: AppContext,
  song: Pick<SongRow, 'id' | 'duration'>,
  format: OnDemandFormat,
): Promise<FormatState> {
  const row = await findSongFormat(ctx.db, song.id, format);
  if (row) {
    const state = stateOf(row);
    if (state.state !== 'failed') return state;
    if (!(await startFormat(ctx, song, format, 'failed'))) return state;
    return { state: 'preparing' };
  }
  await startFormat(ctx, song, format, 'new');
  return { state: 'preparing' };
}

function stateOf(row: SongFormatRow): FormatState {
  if (row.state === 'ready' && row.storageKey && row.bytes !== null) {
    return { state: 'ready', key: row.storageKey, bytes: row.bytes };
  }
  if (row.state === 'failed') return { state: 'failed', reason: row.failureReason ?? FORMAT_FAILED_MESSAGE };
  return { state: 'preparing' };
}

/** Claims the row (new, or failed long enough ago) and sends the job with it; false when another did. */
async function startFormat(
  ctx: AppContext,
  song: Pick<SongRow, 'id' | 'duration'>,
  format: OnDemandFormat,
  from: 'new' | 'failed',
): Promise<boolean> {
  const started = await withTransaction(ctx, async (tx) => {
    const claimed =
      from === 'new'
        ? await claimSongFormat(tx.db, song.id, format)
        : await reclaimFailedSongFormat(tx.db, song.id, format, new Date(Date.now() - FAILED_RETRY_AFTER_MS));
    if (!claimed) return false;
    await tx.jobs.send(
      FORMAT_JOB,
      { songId: song.id, format },
      { singletonKey: `${song.id}:${format}`, expireInSeconds: formatBudgetSeconds(song.duration), db: tx.db },
    );
    return true;
  });
  if (started) ctx.jobs.wake(FORMAT_JOB);
  return started;
}

/** The made formats of these songs, by song id then format (ready ones only). */
export async function madeSongFormats(
  ctx: AppContext,
  songIds: string[],
): Promise<Map<string, Map<OnDemandFormat, { key: string; bytes: number }>>> {
  const made = new Map<string, Map<OnDemandFormat, { key: string; bytes: number }>>();
  for (const row of await findSongFormats(ctx.db, songIds)) {
    const state = stateOf(row);
    if (state.state !== 'ready') continue;
    if (!made.has(row.songId)) made.set(row.songId, new Map());
    made.get(row.songId)!.set(row.format as OnDemandFormat, { key: state.key, bytes: state.bytes });
  }
  return made;
}

/** A new master (the song's downloads made again): the formats made from the old one go. */
export async function discardSongFormats(ctx: AppContext, songId: string): Promise<void> {
  for (const key of await forgetSongFormats(ctx.db, songId)) await ctx.storage.delete(key).catch(() => undefined);
}

/** The cover as a picture block wants it: its type, size in pixels and bytes. */
async function readPicture(file: string) {
  const meta = await sharp(file).metadata();
  const mime = meta.format === 'png' ? 'image/png' : 'image/jpeg';
  return { mime, width: meta.width ?? 0, height: meta.height ?? 0, data: await fsp.readFile(file) };
}

/**
 * The job: encodes one format of one song from its FLAC master, stores it as an attachment and marks the
 * row ready. A row no longer preparing (made, or the song deleted) is skipped.
 */
export async function makeSongFormat(
  ctx: AppContext,
  songId: string,
  format: OnDemandFormat,
  job: JobContext,
): Promise<JobOutcome> {
  const row = await findSongFormat(ctx.db, songId, format);
  const song = await findSongById(ctx.db, songId);
  if (row?.state !== 'preparing' || !song) return 'skipped';
  const masterKey = song.downloadFiles?.flac;
  if (song.status !== 'ready' || !masterKey || !song.mediaPrefix) {
    await markSongFormatFailed(ctx.db, songId, format, FORMAT_FAILED_MESSAGE);
    return 'failed';
  }
  const workDir = await songWorkDir(songId);
  try {
    const tools = resolveMediaTools(ctx.config);
    const local = ctx.storage.localPath?.(masterKey);
    const inputPath = local && fs.existsSync(local) ? local : path.join(workDir, 'master.flac');
    if (inputPath !== local) await copyObjectToFile(ctx.storage, masterKey, inputPath);
    // Only AIFF needs the master's depth (PCM keeps it); the other encoders read it themselves.
    const bitsPerSample =
      format === 'aiff' ? ((await probeMedia(tools, inputPath, job.signal)).audio?.bitsPerSample ?? 0) : 0;
    const { artworkPath, ...tags } = await readSongFileTags(ctx, song, workDir);
    const info = downloadFormatInfo(format);
    const outputPath = path.join(workDir, `song.${format}.${info.extension}`);
    let metadataPath: string | undefined;
    if (isOggFormat(format)) {
      metadataPath = path.join(workDir, 'tags.txt');
      await fsp.writeFile(
        metadataPath,
        oggMetadataFile(tags, artworkPath ? await readPicture(artworkPath) : undefined),
      );
    }
    const args = formatEncodeArgs({
      format,
      inputPath,
      bitsPerSample,
      tags,
      artworkPath,
      metadataPath,
      outputPath,
    });
    const started = Date.now();
    await runMediaTool(tools.ffmpeg, args, { signal: job.signal });
    countFormatEncode(ctx, format);
    const key = `${song.mediaPrefix.replace(/\/?$/, '/')}download/${path.basename(outputPath)}`;
    const bytes = (await fsp.stat(outputPath)).size;
    await ctx.storage.put(key, fs.createReadStream(outputPath), info.mime, {
      contentDisposition: attachment(formatFileName(tags.artist || 'HFM', song.title, format)),
    });
    if (!(await markSongFormatReady(ctx.db, songId, format, { storageKey: key, bytes }))) {
      await ctx.storage.delete(key).catch(() => undefined);
      return 'skipped';
    }
    job.log.info({ songId, format, bytes, ms: Date.now() - started }, 'song format made');
    return 'success';
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}

/** Encodes made by this process, per format: the cache's misses (decision 0051). */
export function countFormatEncode(ctx: Pick<AppContext, 'platform'>, format: OnDemandFormat): void {
  formatEncodes(ctx).inc({ format });
}

export function formatEncodes(ctx: Pick<AppContext, 'platform'>) {
  return ctx.platform.metrics.counter(
    'hfm_song_format_encodes_total',
    'Download formats encoded from a FLAC master on first request.',
    ['format'],
  );
}
