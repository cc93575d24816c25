/**
 * Zips of songs in one format, for album downloads and My Music's "everything kept by an artist": the
 * files are made first (formats made on first request are asked for, and the zip waits for every one),
 * then streamed from storage by platform/storage/zip-archive (STORED entries, native CRC-32, exact length).
 */
import {
  DOWNLOAD_FORMAT_LABELS,
  DOWNLOAD_FORMATS,
  DOWNLOAD_RETRY_AFTER_SECONDS,
  downloadFormatInfo,
  type DownloadFormat,
  type DownloadOption,
  type ZipStatus,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { storedZipLength, zipFromStorage, type ZipArchive } from '../../platform/storage/zip-archive.js';
import { findDownloadFiles } from './songs.playback.js';

/** What a file name inside an archive may not hold: any system's separators and reserved characters. */
const RESERVED_IN_NAME = new Set(['/', '\\', ':', '*', '?', '"', '<', '>', '|']);

/** A title as a file name inside an archive: reserved and control characters as spaces, at most 150. */
export function zipEntryTitle(title: string): string {
  const clean = [...title]
    .map((char) => (RESERVED_IN_NAME.has(char) || char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127 ? ' ' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '');
  return clean.slice(0, 150) || 'Untitled';
}

export interface ZipSong {
  songId: string;
  /** The entry's name in the archive, from the song's title and the format's extension. */
  entryName(title: string, extension: string): string;
}

export type SongsZip =
  | { state: 'ready'; archive: ZipArchive; songIds: string[] }
  | { state: 'preparing'; status: ZipStatus }
  | { state: 'empty' };

/** The zip's files in one format: made ones become entries, missing ones are asked for (`prepare`). */
async function zipFiles(ctx: AppContext, songs: ZipSong[], format: DownloadFormat, prepare: boolean) {
  const found = await findDownloadFiles(
    ctx,
    songs.map((song) => song.songId),
    format,
    { prepare },
  );
  const extension = downloadFormatInfo(format).extension;
  const entries = songs.flatMap((song) => {
    const file = found.files.get(song.songId);
    return file ? [{ name: song.entryName(file.title, extension), key: file.key, size: file.bytes }] : [];
  });
  const status: ZipStatus = {
    state: found.preparing > 0 ? 'preparing' : 'ready',
    made: entries.length,
    total: entries.length + found.preparing,
    retryAfterSeconds: DOWNLOAD_RETRY_AFTER_SECONDS,
  };
  return { found, entries, status, extension };
}

/** How far the zip's files are made; asking starts making the missing ones. */
export async function songsZipStatus(ctx: AppContext, songs: ZipSong[], format: DownloadFormat): Promise<ZipStatus> {
  return (await zipFiles(ctx, songs, format, true)).status;
}

/** The zip, once every song's file in the format is made; until then how far it is (202). */
export async function songsZip(ctx: AppContext, songs: ZipSong[], format: DownloadFormat): Promise<SongsZip> {
  const { found, entries, status } = await zipFiles(ctx, songs, format, true);
  if (status.state === 'preparing') return { state: 'preparing', status };
  if (entries.length === 0) return { state: 'empty' };
  return { state: 'ready', archive: zipFromStorage(ctx.storage, entries), songIds: [...found.files.keys()] };
}

/**
 * A zip's menu: each format with the zip's length, exact when every file in it is made, else estimated
 * from the files' estimated sizes (nothing is made or recorded). Empty when no song is ready.
 */
export async function songsZipOptions(ctx: AppContext, songs: ZipSong[]): Promise<DownloadOption[]> {
  const options: DownloadOption[] = [];
  for (const format of DOWNLOAD_FORMATS) {
    const { found, extension } = await zipFiles(ctx, songs, format, false);
    const entries = songs.flatMap((song) => {
      const size = found.sizes.get(song.songId);
      return size ? [{ name: song.entryName(size.title, extension), size: size.bytes, estimated: size.estimated }] : [];
    });
    if (entries.length === 0) continue;
    options.push({
      format,
      label: DOWNLOAD_FORMAT_LABELS[format],
      bytes: storedZipLength(entries),
      estimated: entries.some((entry) => entry.estimated),
    });
  }
  return options;
}
