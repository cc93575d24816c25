import type { PublicAlbum } from '@hfm/shared';
import { publicMediaUrl } from '../../platform/storage/public-media.js';
import type { AlbumRow } from './albums.repository.js';

/** artworkPath is the album image base path plus the artwork name; empty when there is no artwork. */
export function presentAlbum(row: AlbumRow, songIds: string[] = []): PublicAlbum {
  return {
    _id: row.id,
    id: row.id,
    artistID: row.artistId,
    name: row.name,
    artwork: row.artwork,
    artworkPath: row.artworkKey ? publicMediaUrl(row.artworkKey) : '',
    linerNotes: row.linerNotes,
    songs: songIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
