/**
 * My Music's "download everything kept": one zip per artist of the songs a member keeps by them, in a format
 * they choose. A use case over library (what is kept) and songs (the files and the zip), so neither of those
 * modules depends on the other for it.
 */
import type { DownloadFormat, DownloadOption, ZipStatus } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors/app-error.js';
import { cleanKeySegment } from '../../platform/storage/storage.js';
import type { ZipArchive } from '../../platform/storage/zip-archive.js';
import { checkAccess, requireSignedIn, type Actor } from '../access/index.js';
import { findArtistById } from '../artists/index.js';
import { listKeptSongsByArtist, recordDownloads } from '../library/index.js';
import { songsZip, songsZipOptions, songsZipStatus, zipEntryTitle, type ZipSong } from '../songs/index.js';

export const NOTHING_KEPT = 'You keep no songs by this artist.';
const NOTHING_READY = 'None of the songs you keep by this artist can be downloaded right now.';

/** `Title.ext`, and `Title (2).ext` for a second song of the same title. */
function keptZipSongs(songs: Array<{ songId: string; title: string }>): ZipSong[] {
  const taken = new Map<string, number>();
  return songs.map(({ songId, title }) => {
    const clean = zipEntryTitle(title);
    const seen = (taken.get(clean.toLowerCase()) ?? 0) + 1;
    taken.set(clean.toLowerCase(), seen);
    const name = seen === 1 ? clean : `${clean} (${seen})`;
    return { songId, entryName: (_title, extension) => `${name}.${extension}` };
  });
}

interface KeptSongs {
  songs: ZipSong[];
  fileName: string;
}

/** The kept songs by the artist the caller may download (the member, or an admin reading their library). */
async function findKeptSongs(ctx: AppContext, actor: Actor, memberId: string, artistId: string): Promise<KeptSongs> {
  const caller = requireSignedIn(actor);
  const kept = await listKeptSongsByArtist(ctx, caller, memberId, artistId);
  if (kept.length === 0) throw notFound(NOTHING_KEPT);
  const allowed = await checkAccess(
    ctx,
    caller,
    'song.download',
    kept.map((song) => song.songId),
  );
  const songs = kept.filter((song) => allowed.has(song.songId));
  if (songs.length === 0) throw new AppError('CONFLICT', NOTHING_READY);
  const artistName = (await findArtistById(ctx.db, artistId))?.name ?? 'HFM';
  return { songs: keptZipSongs(songs), fileName: `${cleanKeySegment(artistName)}-My-Music.zip` };
}

/** Each format with the length of the artist's zip (estimated until every file in it is made). */
export async function listKeptZipOptions(
  ctx: AppContext,
  actor: Actor,
  memberId: string,
  artistId: string,
): Promise<DownloadOption[]> {
  const kept = await findKeptSongs(ctx, actor, memberId, artistId);
  const options = await songsZipOptions(ctx, kept.songs);
  if (options.length === 0) throw new AppError('CONFLICT', NOTHING_READY);
  return options;
}

/** How far the artist's zip in a format is made; asking starts making the missing files. */
export async function keptZipStatus(
  ctx: AppContext,
  actor: Actor,
  memberId: string,
  artistId: string,
  format: DownloadFormat,
): Promise<ZipStatus> {
  const kept = await findKeptSongs(ctx, actor, memberId, artistId);
  const status = await songsZipStatus(ctx, kept.songs, format);
  if (status.total === 0) throw new AppError('CONFLICT', NOTHING_READY);
  return status;
}

export type KeptZip =
  { state: 'ready'; zip: ZipArchive & { fileName: string } } | { state: 'preparing'; status: ZipStatus };

/** The artist's zip once every file is made (each song in it a recorded download); until then its status. */
export async function downloadKeptZip(
  ctx: AppContext,
  actor: Actor,
  memberId: string,
  artistId: string,
  format: DownloadFormat,
): Promise<KeptZip> {
  const kept = await findKeptSongs(ctx, actor, memberId, artistId);
  const zip = await songsZip(ctx, kept.songs, format);
  if (zip.state === 'empty') throw new AppError('CONFLICT', NOTHING_READY);
  if (zip.state === 'preparing') return zip;
  await recordDownloads(ctx, requireSignedIn(actor), zip.songIds, format);
  return { state: 'ready', zip: { ...zip.archive, fileName: kept.fileName } };
}
