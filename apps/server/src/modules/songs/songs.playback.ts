import { LOUDNESS_TARGET_LUFS, MAX_PREVIEW_SECONDS, type DownloadFormat, type PlaybackAnswer } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { AppError, forbidden, notFound, unauthenticated } from '../../errors/app-error.js';
import { cleanKeySegment } from '../../platform/storage/storage.js';
import { checkAccess, requireAccess } from '../access/access.service.js';
import type { Actor } from '../access/permissions.js';
import { findArtistById } from '../artists/artists.service.js';
import { loadSong } from './songs.service.js';

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
  await requireAccess(ctx, actor, 'song.view', [songId]);
  const song = await loadReadySong(ctx, songId);
  const full = (await checkAccess(ctx, actor, 'song.stream', [songId])).has(songId);
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

/** Downloads are for subscribers to the song's artist (and the artist and admins); what they download is theirs. */
export async function downloadSong(
  ctx: AppContext,
  actor: Actor,
  songId: string,
  format: DownloadFormat,
): Promise<{ url: string }> {
  await requireAccess(ctx, actor, 'song.view', [songId]);
  const song = await loadReadySong(ctx, songId);
  const artistName = (await findArtistById(ctx.db, song.artistId))?.name ?? 'HFM';
  if (!(await checkAccess(ctx, actor, 'song.download', [songId])).has(songId)) {
    throw actor
      ? forbidden(`Subscribe to ${artistName} to download this song.`)
      : unauthenticated('Please sign in to download.');
  }
  const key = song.downloadFiles?.[format];
  if (!key) throw notFound('This download is not available.');
  const downloadName = `${cleanKeySegment(artistName)}-${cleanKeySegment(song.title)}.${format}`;
  return { url: await ctx.storage.presignGet(key, { expiresInSeconds: DOWNLOAD_URL_SECONDS, downloadName }) };
}
