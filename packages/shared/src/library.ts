/**
 * Keep: the download menu, album zips and My Music (what a member downloaded while subscribed, theirs for
 * good). Every entity carries `_id` and `id` (the same string).
 */
import { z } from 'zod';
import { catalogueSong } from './discovery.js';
import { paged } from './pagination.js';
import { DOWNLOAD_FORMATS, type DownloadFormat } from './songs.js';

/** How each format is named in the download menu. */
export const DOWNLOAD_FORMAT_LABELS: Record<DownloadFormat, string> = {
  flac: 'FLAC',
  mp3: 'MP3',
  wav: 'WAV',
};

/** One choice of the download menu: the format, its name and the file's size before the fan chooses. */
export const downloadOption = z.object({
  format: z.enum(DOWNLOAD_FORMATS),
  label: z.string(),
  bytes: z.number().int().nonnegative(),
});
export type DownloadOption = z.infer<typeof downloadOption>;

/**
 * GET /api/songs/{id}/downloads and GET /api/albums/{id}/downloads: the formats the caller may download,
 * FLAC, MP3, WAV in that order, each with the size of the file (for an album, of its zip).
 */
export const downloadOptions = z.array(downloadOption);

/** GET /api/albums/{id}/download?format=flac: the album as one zip (a stream, not JSON). */
export const albumDownloadQuery = z.object({ format: z.enum(DOWNLOAD_FORMATS).default('flac') });

/** Sizes shown to people: 24.1 MB, 812 KB, 1.2 GB (decimal units, as operating systems show files). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 999.95 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value >= 100 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** "FLAC · 24.1 MB": a menu entry's text. */
export function downloadOptionText(option: Pick<DownloadOption, 'label' | 'bytes'>): string {
  return `${option.label} · ${formatBytes(option.bytes)}`;
}

export const memberLibraryParams = z.object({ memberID: z.uuid({ error: 'Not a member id.' }) });

/** A song in My Music: the song as lists show it, with its album, artwork and what was downloaded when. */
export const myMusicSong = catalogueSong.extend({
  album: z.object({ _id: z.string(), id: z.string(), name: z.string() }).nullable(),
  /** The album's artwork, else the artist's first photo, else null. */
  artworkPath: z.string().nullable(),
  /** Formats the member has downloaded, in the order FLAC, MP3, WAV. */
  formats: z.array(z.enum(DOWNLOAD_FORMATS)),
  lastDownloadedAt: z.string(),
  /** False when the artist has since withdrawn the song or left HFM: it stays the member's all the same. */
  inCatalogue: z.boolean(),
});
export type MyMusicSong = z.infer<typeof myMusicSong>;

/** GET /api/members/{memberID}/my-music?page&limit: newest download first. */
export const pagedMyMusic = paged(myMusicSong);
export type PagedMyMusic = z.infer<typeof pagedMyMusic>;

/** GET /api/members/{memberID}/my-music/song-ids: every song the member keeps (for download buttons). */
export const myMusicSongIds = z.object({ songIDs: z.array(z.string()) });
export type MyMusicSongIds = z.infer<typeof myMusicSongIds>;
