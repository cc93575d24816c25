/**
 * What a small demo catalogue gets beyond its rows, so it shows what HFM does with real uploads: every
 * artist a banner, a profile image and a photo, every album a cover, every genre and playlist its art, all
 * stored under the keys and in the columns the upload routes use; and every song its own downloads, the
 * clip's files re-tagged (`-c copy`, no re-encode) with the song's title, artist, album, track and cover,
 * stored as the transcode stores them.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import type { Config } from '../config.js';
import { albumArtworkFileName, albumArtworkKey } from '../modules/albums/index.js';
import { photoFolder, bannerImageKey } from '../modules/artists/index.js';
import { genreArtworkKey, genreArtworkPath } from '../modules/genres/index.js';
import { playlistArtworkKey } from '../modules/playlists/index.js';
import type { Database } from '../platform/db/client.js';
import { albums, artistPhotos, artists, genres, playlists, songs, users } from '../platform/db/schema.js';
import { retagDownloadsArgs, type SongTags, type TaggedDownloadPaths } from '../platform/media/ffmpeg-args.js';
import { resolveMediaTools, runMediaTool } from '../platform/media/ffmpeg.js';
import { newImageFileName } from '../platform/media/image-uploads.js';
import type { ProcessedImage } from '../platform/media/images.js';
import { profileImageKey } from '../platform/media/profile-images.js';
import { downloadFileName, listDownloadOutputs } from '../platform/media/song-outputs.js';
import { copyObjectToFile, type ObjectStorage } from '../platform/storage/storage.js';
import type { DemoClip } from './catalogue-audio.js';
import { renderArtwork, type ArtworkKind } from './catalogue-artwork.js';

export interface DressContext {
  db: Database;
  config: Config;
  storage: ObjectStorage;
}

export interface DressArtist {
  artistId: string;
  userId: string;
  name: string;
}

export interface DressAlbum {
  id: string;
  artistId: string;
  name: string;
  /** Song ids in album order (track 1 first). */
  songIds: string[];
}

export interface DressSong {
  id: string;
  artistId: string;
  title: string;
  clip: string;
}

export interface DressPlan {
  artists: DressArtist[];
  albums: DressAlbum[];
  songs: DressSong[];
  playlists: { id: string; title: string }[];
}

/** Songs re-tagged by one ffmpeg, and ffmpegs at once: it copies, so the disk sets the pace more than the cores. */
const TAGGING_BATCH = 16;
const TAGGING_AT_ONCE = 2;

async function store(ctx: DressContext, key: string, image: ProcessedImage): Promise<void> {
  await ctx.storage.put(key, image.data, image.contentType);
}

const art = (kind: ArtworkKind, name: string) => renderArtwork(kind, name);

/** A profile image for a user, as the account page stores one (the row keeps the file name). */
export async function dressUser(ctx: DressContext, userId: string, name: string): Promise<void> {
  const image = await art('portrait', name);
  const fileName = newImageFileName('profile', image);
  await store(ctx, profileImageKey(userId, fileName), image);
  await ctx.db.update(users).set({ profileImage: fileName }).where(eq(users.id, userId));
}

/** Banner, profile image and one photo, under the keys the studio's uploads use. */
async function dressArtist(ctx: DressContext, artist: DressArtist): Promise<void> {
  const banner = await art('banner', artist.name);
  const bannerKey = bannerImageKey(artist.artistId, newImageFileName('banner', banner));
  await store(ctx, bannerKey, banner);
  await ctx.db.update(artists).set({ bannerImage: bannerKey }).where(eq(artists.id, artist.artistId));
  await dressUser(ctx, artist.userId, artist.name);
  const photo = await art('portrait', `${artist.name} photo`);
  const photoKey = `${photoFolder(artist.userId)}/${newImageFileName('photo', photo)}`;
  await store(ctx, photoKey, photo);
  await ctx.db.insert(artistPhotos).values({ artistId: artist.artistId, path: photoKey, position: 0 });
}

/** The album's cover; answers the JPEG for the downloads' tags. */
async function dressAlbum(ctx: DressContext, album: DressAlbum, artist: DressArtist): Promise<ProcessedImage> {
  const image = await art('cover', `${artist.name} ${album.name}`);
  const fileName = albumArtworkFileName(image);
  const key = albumArtworkKey(artist, album.name, fileName);
  await store(ctx, key, image);
  await ctx.db.update(albums).set({ artwork: fileName, artworkKey: key }).where(eq(albums.id, album.id));
  return image;
}

/** Art for the genres that have none (an admin's own upload is kept). */
async function dressGenres(ctx: DressContext): Promise<number> {
  const bare = await ctx.db.select({ id: genres.id, label: genres.label }).from(genres).where(isNull(genres.artwork));
  for (const genre of bare) {
    const image = await art('genre', genre.label);
    const key = genreArtworkKey(genre.id, newImageFileName('genre', image));
    await store(ctx, key, image);
    await ctx.db
      .update(genres)
      .set({ artwork: genreArtworkPath(key) })
      .where(eq(genres.id, genre.id));
  }
  return bare.length;
}

async function dressPlaylist(ctx: DressContext, playlist: { id: string; title: string }): Promise<void> {
  const image = await art('playlist', playlist.title);
  const key = playlistArtworkKey(playlist.id, image);
  await store(ctx, key, image);
  await ctx.db.update(playlists).set({ artwork: key }).where(eq(playlists.id, playlist.id));
}

interface ClipDownloads {
  /** The FLAC and MP3 as local files (the local store's own; else copied once into the work folder). */
  source: TaggedDownloadPaths;
  /** The clip's WAV, shared by its songs and untagged; each download URL names it after the song. */
  wav: { key: string; size: number };
}

async function clipDownloadFiles(
  ctx: DressContext,
  clips: DemoClip[],
  workDir: string,
): Promise<Map<string, ClipDownloads>> {
  const files = new Map<string, ClipDownloads>();
  for (const clip of clips) {
    const local = async (format: 'flac' | 'mp3') => {
      const key = clip.keys.downloadFiles[format];
      const own = ctx.storage.localPath?.(key);
      if (own) return own;
      const file = path.join(workDir, `${clip.name}.${format}`);
      await copyObjectToFile(ctx.storage, key, file);
      return file;
    };
    const wavKey = clip.keys.downloadFiles.wav;
    const wav = await ctx.storage.stat(wavKey);
    if (!wav) throw new Error(`The demo clip "${clip.name}" has no WAV at ${wavKey}.`);
    files.set(clip.name, {
      source: { flacPath: await local('flac'), mp3Path: await local('mp3') },
      wav: { key: wavKey, size: wav.size },
    });
  }
  return files;
}

interface TaggingWork extends ClipDownloads {
  song: DressSong;
  tags: SongTags;
  coverPath: string | undefined;
}

/**
 * Each song's own FLAC and MP3 under its media prefix (download/song.*), as the transcode stores them. The WAV
 * (70% of the bytes, and a container players read no cover from) stays the clip's: 126 songs then take
 * about 440 MB instead of 1.7 GB.
 */
async function tagSongs(ctx: DressContext, batch: TaggingWork[], workDir: string): Promise<void> {
  const made = await Promise.all(
    batch.map(async (work) => {
      const outputDir = path.join(workDir, work.song.id);
      await fsp.mkdir(path.join(outputDir, 'download'), { recursive: true });
      const outputs: TaggedDownloadPaths = {
        flacPath: path.join(outputDir, 'download', 'song.flac'),
        mp3Path: path.join(outputDir, 'download', 'song.mp3'),
      };
      return { work, outputDir, outputs };
    }),
  );
  const retag = made.map(({ work, outputs }) => ({
    inputs: work.source,
    tags: work.tags,
    artworkPath: work.coverPath,
    outputs,
  }));
  await runMediaTool(resolveMediaTools(ctx.config).ffmpeg, retagDownloadsArgs(retag));
  for (const song of made) await storeTagged(ctx, song.work, song.outputDir, song.outputs);
}

async function storeTagged(
  ctx: DressContext,
  work: TaggingWork,
  outputDir: string,
  out: TaggedDownloadPaths,
): Promise<void> {
  const prefix = `seed/songs/${work.song.id}/`;
  const name = (format: 'flac' | 'mp3' | 'wav') => downloadFileName(work.tags.artist, work.song.title, format);
  const tagged = listDownloadOutputs({ flac: out.flacPath, mp3: out.mp3Path }, outputDir, prefix, name);
  for (const output of tagged) {
    await ctx.storage.put(output.key, fs.createReadStream(output.file), output.contentType, {
      contentDisposition: output.contentDisposition,
    });
  }
  const [flac, mp3] = await Promise.all([out.flacPath, out.mp3Path].map((file) => fsp.stat(file)));
  const keyOf = (file: string) => tagged.find((output) => output.file === file)!.key;
  const downloadFiles = { flac: keyOf(out.flacPath), mp3: keyOf(out.mp3Path), wav: work.wav.key };
  await ctx.db
    .update(songs)
    .set({
      downloadFile: downloadFiles.flac,
      downloadFiles,
      downloadSizes: { flac: flac!.size, mp3: mp3!.size, wav: work.wav.size },
    })
    .where(eq(songs.id, work.song.id));
  await fsp.rm(outputDir, { recursive: true, force: true });
}

async function inTurns<T>(items: T[], atOnce: number, each: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await each(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}

/** Dresses the catalogue just committed; what it did, for the log. */
export async function dressCatalogue(
  ctx: DressContext,
  plan: DressPlan,
  clips: DemoClip[],
  print: (line: string) => void,
): Promise<{ images: number; taggedSongs: number }> {
  const started = Date.now();
  const workDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hfm-seed-dress-'));
  try {
    const artistsById = new Map(plan.artists.map((artist) => [artist.artistId, artist]));
    for (const artist of plan.artists) await dressArtist(ctx, artist);
    const covers = new Map<string, { path: string; album: DressAlbum }>();
    for (const album of plan.albums) {
      const artist = artistsById.get(album.artistId);
      if (!artist) continue;
      const cover = await dressAlbum(ctx, album, artist);
      const coverPath = path.join(workDir, `${album.id}.jpg`);
      await fsp.writeFile(coverPath, cover.data);
      for (const songId of album.songIds) covers.set(songId, { path: coverPath, album });
    }
    const genreImages = await dressGenres(ctx);
    for (const playlist of plan.playlists) await dressPlaylist(ctx, playlist);
    print(
      `Artwork: ${plan.artists.length} artists, ${plan.albums.length} albums, ${genreImages} genres, ` +
        `${plan.playlists.length} playlists (${((Date.now() - started) / 1000).toFixed(1)} s).`,
    );

    const sources = await clipDownloadFiles(ctx, clips, workDir);
    const work: TaggingWork[] = plan.songs.map((song) => {
      const onAlbum = covers.get(song.id);
      return {
        song,
        coverPath: onAlbum?.path,
        ...sources.get(song.clip)!,
        tags: {
          title: song.title,
          artist: artistsById.get(song.artistId)?.name ?? '',
          album: onAlbum?.album.name,
          trackNumber: onAlbum ? onAlbum.album.songIds.indexOf(song.id) + 1 : undefined,
        },
      };
    });
    const batches = Array.from({ length: Math.ceil(work.length / TAGGING_BATCH) }, (_, index) =>
      work.slice(index * TAGGING_BATCH, (index + 1) * TAGGING_BATCH),
    );
    await inTurns(batches, TAGGING_AT_ONCE, (batch) => tagSongs(ctx, batch, workDir));
    print(
      `Downloads: ${work.length} songs tagged with their own names and covers ` +
        `(${((Date.now() - started) / 1000).toFixed(1)} s).`,
    );
    const images = plan.artists.length * 3 + plan.albums.length + genreImages + plan.playlists.length;
    return { images, taggedSongs: work.length };
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}
