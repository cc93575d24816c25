import { DOWNLOAD_FORMATS, type DownloadFormat, type MyMusicSong } from '@hfm/shared';
import { mediaPath } from '../artists/index.js';
import { presentCatalogueSong } from '../discovery/index.js';
import type { KeptSongRow } from './library.repository.js';

/** A kept song as My Music shows it; its artwork is the album's, else the artist's first photo. */
export function presentMyMusicSong(row: KeptSongRow): MyMusicSong {
  const artworkKey = row.album?.artworkKey ?? row.photo;
  const formats = new Set(row.formats);
  return {
    ...presentCatalogueSong(row),
    album: row.album ? { _id: row.album.id, id: row.album.id, name: row.album.name } : null,
    artworkPath: artworkKey ? mediaPath(artworkKey) : null,
    formats: DOWNLOAD_FORMATS.filter((format: DownloadFormat) => formats.has(format)),
    lastDownloadedAt: new Date(row.lastDownloadedAt).toISOString(),
    inCatalogue: Boolean(row.inCatalogue),
  };
}
