/**
 * Keep: the download menu, album zips and My Music (what a member downloaded while subscribed, theirs for
 * good). Every entity carries `_id` and `id` (the same string).
 */
import { z } from 'zod';
import { catalogueSong } from './discovery.js';
import { paged } from './pagination.js';
import { DOWNLOAD_FORMATS, downloadFormatSchema } from './formats.js';
import { pageQuery } from './pagination.js';

/** One choice of the download menu: the format, its name and the file's size before the fan chooses. */
export const downloadOption = z.object({
  format: z.enum(DOWNLOAD_FORMATS),
  label: z.string(),
  bytes: z.number().int().nonnegative(),
  /** True while the file (or one in the zip) is not made yet: `bytes` is then an estimate. */
  estimated: z.boolean(),
});
export type DownloadOption = z.infer<typeof downloadOption>;

/**
 * GET /api/songs/{id}/downloads and GET /api/albums/{id}/downloads: the formats the caller may download,
 * in DOWNLOAD_FORMAT_LIST's order, each with the size of the file (for an album, of its zip): exact once
 * made, estimated before.
 */
export const downloadOptions = z.array(downloadOption);

/** GET /api/albums/{id}/download?format=flac: the album as one zip (a stream, not JSON). */
export const albumDownloadQuery = z.object({ format: downloadFormatSchema.default('flac') });

/**
 * GET /api/albums/{id}/download-status?format= (and a My Music artist's): how many of the zip's files are
 * made. Asking starts making the missing ones; the zip downloads once `state` is `ready`.
 */
export const zipStatus = z.object({
  state: z.enum(['preparing', 'ready']),
  made: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  retryAfterSeconds: z.number().int().min(1),
});
export type ZipStatus = z.infer<typeof zipStatus>;

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
export function downloadOptionText(option: Pick<DownloadOption, 'label' | 'bytes'> & { estimated?: boolean }): string {
  return `${option.label} · ${option.estimated ? '~' : ''}${formatBytes(option.bytes)}`;
}

export const memberLibraryParams = z.object({ memberID: z.uuid({ error: 'Not a member id.' }) });

/** A song in My Music: the song as lists show it, with its album, artwork and what was downloaded when. */
export const myMusicSong = catalogueSong.extend({
  album: z.object({ _id: z.string(), id: z.string(), name: z.string() }).nullable(),
  /** The album's artwork, else the artist's first photo, else null. */
  artworkPath: z.string().nullable(),
  /** Formats the member has downloaded, in DOWNLOAD_FORMAT_LIST's order. */
  formats: z.array(z.enum(DOWNLOAD_FORMATS)),
  lastDownloadedAt: z.string(),
  /** False when the artist has since withdrawn the song or left HFM: it stays the member's all the same. */
  inCatalogue: z.boolean(),
});
export type MyMusicSong = z.infer<typeof myMusicSong>;

export const MY_MUSIC_SORTS = ['added', 'title'] as const;
export type MyMusicSort = (typeof MY_MUSIC_SORTS)[number];

/** GET /api/members/{memberID}/my-music?page&limit&artistID&sort: newest first (`added`) or by title. */
export const myMusicQuery = pageQuery.extend({
  artistID: z.uuid({ error: 'Not an artist id.' }).optional(),
  sort: z.enum(MY_MUSIC_SORTS, { error: 'Sort by added or title.' }).default('added'),
});
export type MyMusicQuery = z.infer<typeof myMusicQuery>;

/** GET /api/members/{memberID}/my-music/artists: the artists of the songs a member keeps (the filter). */
export const myMusicArtists = z.array(
  z.object({ _id: z.string(), id: z.string(), name: z.string(), songCount: z.number().int().nonnegative() }),
);
export type MyMusicArtists = z.infer<typeof myMusicArtists>;

export const myMusicArtistParams = memberLibraryParams.extend({ artistID: z.uuid({ error: 'Not an artist id.' }) });

export const pagedMyMusic = paged(myMusicSong);
export type PagedMyMusic = z.infer<typeof pagedMyMusic>;

/** GET /api/members/{memberID}/my-music/song-ids: every song the member keeps (for download buttons). */
export const myMusicSongIds = z.object({ songIDs: z.array(z.string()) });
export type MyMusicSongIds = z.infer<typeof myMusicSongIds>;
