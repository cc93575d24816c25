import type { DownloadFormat, PlaybackAnswer } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { AppError, forbidden, notFound } from '../../errors/app-error.js';
import { cleanKeySegment } from '../../platform/storage/storage.js';
import type { SessionUser } from '../auth/sessions.js';
import { canManageArtist, findArtistRef, hasActiveSubscription } from './song-access.js';
import { findSongById, type SongRow } from './songs.repository.js';

/** Signed media URLs live briefly; the player asks again when one runs out. */
const MEDIA_URL_SECONDS = 60 * 60;
const DOWNLOAD_URL_SECONDS = 10 * 60;

async function findPlayableSong(ctx: AppContext, user: SessionUser | null, songId: string) {
  const song = await findSongById(ctx.db, songId);
  if (!song) throw notFound('No such song.');
  const artist = await findArtistRef(ctx.db, song.artistId);
  const manages = canManageArtist(user, song.artistId);
  if (!manages && (!song.active || artist?.status !== 'ACTIVE')) throw notFound('No such song.');
  if (song.status !== 'ready') throw new AppError('CONFLICT', 'This song is not ready yet.');
  return { song, artistName: artist?.name ?? 'HFM', manages };
}

async function isSubscriber(ctx: AppContext, user: SessionUser | null, song: SongRow): Promise<boolean> {
  return Boolean(user && (await hasActiveSubscription(ctx.db, user.id, song.artistId)));
}

/**
 * Who hears what: anyone hears the preview; subscribers, the artist and admins stream in full; the
 * artist's chosen full-preview songs play in full for everyone.
 */
export async function playSong(ctx: AppContext, user: SessionUser | null, songId: string): Promise<PlaybackAnswer> {
  const { song, manages } = await findPlayableSong(ctx, user, songId);
  const full = manages || song.isFullPreview || (await isSubscriber(ctx, user, song));
  const sign = (key: string | null, scope: 'object' | 'folder') =>
    key ? ctx.storage.presignGet(key, { expiresInSeconds: MEDIA_URL_SECONDS, scope }) : Promise.resolve(null);
  return {
    full,
    hls: full ? await sign(song.streamFile, 'folder') : null,
    dash: full ? await sign(song.dashManifest, 'folder') : null,
    preview: await sign(song.previewFile, 'object'),
    duration: song.duration,
  };
}

/** Downloads are for subscribers to the song's artist (and the artist and admins); what they download is theirs. */
export async function downloadSong(
  ctx: AppContext,
  user: SessionUser | null,
  songId: string,
  format: DownloadFormat,
): Promise<{ url: string }> {
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to download.');
  const { song, artistName, manages } = await findPlayableSong(ctx, user, songId);
  if (!manages && !(await isSubscriber(ctx, user, song))) {
    throw forbidden(`Subscribe to ${artistName} to download this song.`);
  }
  const key = song.downloadFiles?.[format];
  if (!key) throw notFound('This download is not available.');
  const downloadName = `${cleanKeySegment(artistName)}-${cleanKeySegment(song.title)}.${format}`;
  return { url: await ctx.storage.presignGet(key, { expiresInSeconds: DOWNLOAD_URL_SECONDS, downloadName }) };
}
