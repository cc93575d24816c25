import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { albums, albumSongs } from '../../platform/db/schema/catalogue.js';
import { copyObjectToFile } from '../../platform/storage/storage.js';
import { findArtistById } from '../artists/index.js';
import type { SongRow } from './songs.repository.js';

/** What every download of a song carries inside it: its own names, track number, year and its album's cover. */
export interface SongFileTags {
  title: string;
  artist: string;
  album: string | undefined;
  trackNumber: number | undefined;
  year: string | undefined;
  /** The album's cover copied into the work folder; undefined without one (or when it cannot be read). */
  artworkPath: string | undefined;
}

/** The song's tags for the files made from it (at upload and on first request), the cover copied into workDir. */
export async function readSongFileTags(ctx: AppContext, song: SongRow, workDir: string): Promise<SongFileTags> {
  const artist = await findArtistById(ctx.db, song.artistId);
  const [album] = await ctx.db
    .select({ name: albums.name, artworkKey: albums.artworkKey })
    .from(albumSongs)
    .innerJoin(albums, eq(albums.id, albumSongs.albumId))
    .where(eq(albumSongs.songId, song.id))
    .limit(1);
  let artworkPath: string | undefined;
  if (album?.artworkKey) {
    artworkPath = path.join(workDir, `artwork${path.extname(album.artworkKey)}`);
    await copyObjectToFile(ctx.storage, album.artworkKey, artworkPath).catch(() => (artworkPath = undefined));
  }
  return {
    title: song.title,
    artist: artist?.name ?? '',
    album: album?.name,
    trackNumber: song.trackNumber ?? undefined,
    year: song.releaseDate?.slice(0, 4),
    artworkPath,
  };
}
