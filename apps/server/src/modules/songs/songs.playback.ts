import {
  DOWNLOAD_FORMAT_LABELS,
  DOWNLOAD_FORMATS,
  DOWNLOAD_PREPARING_MESSAGE,
  DOWNLOAD_RETRY_AFTER_SECONDS,
  estimateDownloadBytes,
  isUploadFormat,
  LOUDNESS_TARGET_LUFS,
  MAX_PREVIEW_SECONDS,
  UPLOAD_FORMATS,
  type DownloadAnswer,
  type DownloadFormat,
  type DownloadOption,
  type DownloadPreparing,
  type PlaybackAnswer,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { AppError, forbidden, notFound, unauthenticated } from '../../errors/app-error.js';
import { checkAccess, preparedSongPermissions, requireAccess, requireSignedIn, type Actor } from '../access/index.js';
import { findArtistById } from '../artists/index.js';
import { downloadRecordOf, recordCheckedDownload } from '../library/index.js';
import { DOWNLOADS_GAVE_UP_REASON, DOWNLOADS_PREPARING_MESSAGE, downloadsState } from './songs.downloads-state.js';
import {
  findSongsByIds,
  findSongToDownload,
  setSongDownloadSizes,
  type SongDownloadRow,
  type SongRow,
  type DownloadStatementShape,
  type SongToDownload,
} from './songs.repository.js';
import { loadSong } from './songs.service.js';
import { formatFileName, madeSongFormats, requestSongFormat } from './song-formats.js';

/** Signed media URLs live briefly; the player asks again when one runs out. */
const MEDIA_URL_SECONDS = 60 * 60;
const DOWNLOAD_URL_SECONDS = 10 * 60;

/** Only those who may see an unreleased song (the artist, admins) reach this, so only they get the 409. */
async function loadReadySong(ctx: AppContext, songId: string) {
  const song = await loadSong(ctx, songId);
  if (song.status !== 'ready') throw new AppError('CONFLICT', 'This song is not ready yet.');
  return song;
}

/**
 * Who hears what: anyone hears the preview; subscribers, the artist and admins stream in full; the
 * artist's chosen full-preview songs play in full for everyone.
 */
export async function playSong(ctx: AppContext, actor: Actor, songId: string): Promise<PlaybackAnswer> {
  // A member hears a song they keep even after the artist withdrew it (which hides it from everyone else).
  const full = (await checkAccess(ctx, actor, 'song.stream', [songId])).has(songId);
  if (!full) await requireAccess(ctx, actor, 'song.view', [songId]);
  const song = await loadReadySong(ctx, songId);
  const sign = (key: string | null, scope: 'object' | 'folder') =>
    key ? ctx.storage.presignGet(key, { expiresInSeconds: MEDIA_URL_SECONDS, scope }) : Promise.resolve(null);
  return {
    full,
    hls: full ? await sign(song.streamFile, 'folder') : null,
    dash: full ? await sign(song.dashManifest, 'folder') : null,
    preview: await sign(song.previewFile, 'object'),
    duration: song.duration,
    playableSeconds: full
      ? song.duration
      : song.duration === null
        ? null
        : Math.min(song.duration, MAX_PREVIEW_SECONDS),
    gainDb: normalisingGain(song.loudness),
  };
}

/** Highest true peak a normalised song may reach, in dBTP (headroom for lossy decoding). */
const TRUE_PEAK_CEILING_DB = -1;
/** ebur128's reading for silence (its absolute gate): nothing there to bring toward the target. */
const SILENCE_LUFS = -70;

/**
 * The gain toward LOUDNESS_TARGET_LUFS, rounded to 0.1 dB: quiet songs are raised only as far as their true
 * peak allows, loud ones lowered. 0 for a song never measured (or measured as silence).
 */
export function normalisingGain(loudness: { integratedLufs: number; truePeakDb: number } | null): number {
  if (!loudness || !Number.isFinite(loudness.integratedLufs) || loudness.integratedLufs <= SILENCE_LUFS) return 0;
  const toTarget = LOUDNESS_TARGET_LUFS - loudness.integratedLufs;
  const headroom = Number.isFinite(loudness.truePeakDb) ? TRUE_PEAK_CEILING_DB - loudness.truePeakDb : 0;
  const gain = toTarget <= 0 ? toTarget : Math.min(toTarget, Math.max(0, headroom));
  return Math.round(gain * 10) / 10 || 0; // never -0
}

/**
 * Who may download a song: subscribers to its artist, the artist, admins, and members who keep it (what
 * they downloaded while subscribed stays theirs, also once the song is withdrawn: docs/decisions/0016).
 * Anyone else who may see the song is told to subscribe (403); a song they may not see is a 404.
 *
 * One statement reads the song, its artist's name and the actor's song.download and song.keep (the access
 * layer's rules as conditions on the row); given a format, the same statement records the download when the
 * row holds the file it answers (docs/decisions/0065). Nothing is told before the check.
 */
async function loadDownloadableSong(
  ctx: AppContext,
  actor: Actor,
  songId: string,
  format: DownloadFormat | null,
): Promise<SongToDownload> {
  const rights = preparedSongPermissions(actor, ['song.download', 'song.keep'] as const);
  const recording = Boolean(actor && format);
  const shape: DownloadStatementShape = {
    key: `${rights.key}${recording ? ' recorded' : ''}`,
    rights: (db) => {
      const conditions = rights.conditions(db);
      return { download: conditions['song.download'], keep: conditions['song.keep'] };
    },
    record: recording ? downloadRecordOf : null,
  };
  const read = UUID.test(songId)
    ? await findSongToDownload(ctx.db, shape, { songId, format: format ?? '', ...rights.values })
    : null;
  if (!read?.mayDownload) {
    await requireAccess(ctx, actor, 'song.view', [songId]);
    if (!actor) throw unauthenticated('Please sign in to download.');
    const song = await loadSong(ctx, songId);
    const artistName = (await findArtistById(ctx.db, song.artistId))?.name ?? 'HFM';
    throw forbidden(`Subscribe to ${artistName} to download this song.`);
  }
  if (read.song.status !== 'ready') throw new AppError('CONFLICT', 'This song is not ready yet.');
  requireDownloadsMade(read.song);
  return read;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A song plays before its downloads are made: until then (or when they failed for good) a 409 says so. */
function requireDownloadsMade(song: SongDownloadRow): void {
  const state = downloadsState(song);
  if (state === 'preparing') throw new AppError('CONFLICT', DOWNLOADS_PREPARING_MESSAGE);
  if (state === 'failed') throw new AppError('CONFLICT', song.failureReason ?? DOWNLOADS_GAVE_UP_REASON);
}

export type DownloadResult =
  { status: 200; body: DownloadAnswer } | { status: 202; body: DownloadPreparing; retryAfterSeconds: number };

function preparing(): DownloadResult {
  return {
    status: 202,
    body: { state: 'preparing', message: DOWNLOAD_PREPARING_MESSAGE, retryAfterSeconds: DOWNLOAD_RETRY_AFTER_SECONDS },
    retryAfterSeconds: DOWNLOAD_RETRY_AFTER_SECONDS,
  };
}

/**
 * A short-lived signed URL of the file; the download is recorded (and kept when made while subscribed).
 * A format made on first request answers 202 until its file is stored (the first request starts it).
 */
export async function downloadSong(
  ctx: AppContext,
  actor: Actor,
  songId: string,
  format: DownloadFormat,
): Promise<DownloadResult> {
  const { song, artistName, mayKeep, recorded } = await loadDownloadableSong(ctx, actor, songId, format);
  const member = requireSignedIn(actor);
  let key: string | undefined;
  if (isUploadFormat(format)) {
    key = song.downloadFiles?.[format];
  } else {
    const made = await requestSongFormat(ctx, song, format);
    if (made.state === 'preparing') return preparing();
    if (made.state === 'failed') throw new AppError('CONFLICT', made.reason);
    key = made.key;
  }
  if (!key) throw notFound('This download is not available.');
  // A stored file's download was recorded by the statement that read the song; a made format's is now.
  if (!recorded) await recordCheckedDownload(ctx, member, songId, format, mayKeep);
  const url = await ctx.storage.presignGet(key, {
    expiresInSeconds: DOWNLOAD_URL_SECONDS,
    downloadName: formatFileName(artistName ?? 'HFM', song.title, format),
  });
  return { status: 200, body: { url } };
}

/**
 * The download menu: every format with its size in bytes, for whoever may download the song: exact for the
 * files made, estimated (`estimated: true`) for the formats not made yet.
 */
export async function listDownloadOptions(ctx: AppContext, actor: Actor, songId: string): Promise<DownloadOption[]> {
  const { song } = await loadDownloadableSong(ctx, actor, songId, null);
  const sizes = await songFileSizes(ctx, [song]);
  return DOWNLOAD_FORMATS.map((format) => {
    const size = sizes.get(song.id)!(format);
    return { format, label: DOWNLOAD_FORMAT_LABELS[format], bytes: size.bytes, estimated: size.estimated };
  });
}

type SongSize = (format: DownloadFormat) => { bytes: number; estimated: boolean };

/** Each song's file size in each format: exact when made, else estimated from its length and master. */
async function songFileSizes(ctx: AppContext, songs: SongDownloadRow[]): Promise<Map<string, SongSize>> {
  const made = await madeSongFormats(
    ctx,
    songs.map((song) => song.id),
  );
  const sizes = new Map<string, SongSize>();
  for (const song of songs) {
    const uploaded = song.status === 'ready' ? await downloadSizes(ctx, song) : null;
    sizes.set(song.id, (format) => {
      if (isUploadFormat(format) && uploaded) return { bytes: uploaded[format], estimated: false };
      const file = isUploadFormat(format) ? undefined : made.get(song.id)?.get(format);
      if (file) return { bytes: file.bytes, estimated: false };
      const known = uploaded ? { flac: uploaded.flac, wav: uploaded.wav } : {};
      return { bytes: estimateDownloadBytes(format, song.duration ?? 0, known), estimated: true };
    });
  }
  return sizes;
}

type DownloadSizes = NonNullable<SongRow['downloadSizes']>;

/**
 * The sizes kept on the row (the transcode writes them); for a song made before that, read once from
 * storage and kept. Null when a file is missing from storage.
 */
export async function downloadSizes(ctx: AppContext, song: SongDownloadRow): Promise<DownloadSizes | null> {
  if (song.downloadSizes) return song.downloadSizes;
  const files = song.downloadFiles;
  if (!files) return null;
  const stats = await Promise.all(UPLOAD_FORMATS.map((format) => ctx.storage.stat(files[format])));
  if (stats.some((stat) => !stat)) return null;
  const sizes = Object.fromEntries(UPLOAD_FORMATS.map((format, index) => [format, stats[index]!.size]));
  await setSongDownloadSizes(ctx.db, song.id, sizes as DownloadSizes);
  return sizes as DownloadSizes;
}

export interface DownloadFile {
  songId: string;
  title: string;
  key: string;
  bytes: number;
}

export interface DownloadFiles {
  /** The stored files of the ready songs, by song id. */
  files: Map<string, DownloadFile>;
  /** Ready songs whose file in this format is still being made. */
  preparing: number;
  /** Ready songs whose file failed to be made. */
  failed: number;
  /** Each ready song's size in the format, exact or estimated (for a zip's size before it is made). */
  sizes: Map<string, { title: string; bytes: number; estimated: boolean }>;
}

/**
 * The stored file of each of these songs in one format, for a zip: ready songs whose file is in storage,
 * by song id. With `prepare`, a format not made yet is asked for (its job started) and counted as
 * preparing. The caller checked `song.download` for them first.
 */
export async function findDownloadFiles(
  ctx: AppContext,
  songIds: string[],
  format: DownloadFormat,
  options: { prepare?: boolean } = {},
): Promise<DownloadFiles> {
  const result: DownloadFiles = { files: new Map(), preparing: 0, failed: 0, sizes: new Map() };
  const songs = (await findSongsByIds(ctx.db, songIds)).filter(
    (song) => song.status === 'ready' && downloadsState(song) === 'ready',
  );
  const sizes = await songFileSizes(ctx, songs);
  const made = isUploadFormat(format)
    ? null
    : await madeSongFormats(
        ctx,
        songs.map((song) => song.id),
      );
  for (const song of songs) {
    result.sizes.set(song.id, { title: song.title, ...sizes.get(song.id)!(format) });
    let file: { key: string; bytes: number } | undefined;
    if (isUploadFormat(format)) {
      const key = song.downloadFiles?.[format];
      const uploaded = await downloadSizes(ctx, song);
      if (key && uploaded) file = { key, bytes: uploaded[format] };
    } else {
      file = made!.get(song.id)?.get(format);
      if (!file && options.prepare) {
        const state = await requestSongFormat(ctx, song, format);
        if (state.state === 'ready') file = state;
        else if (state.state === 'failed') result.failed += 1;
        else result.preparing += 1;
      } else if (!file) {
        result.preparing += 1;
      }
    }
    if (file) result.files.set(song.id, { songId: song.id, title: song.title, key: file.key, bytes: file.bytes });
  }
  return result;
}
