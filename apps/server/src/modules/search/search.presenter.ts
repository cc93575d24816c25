import type { SearchResult } from '@hfm/shared';
import { mediaPath } from '../artists/index.js';
import type { AlbumMatchRow, ArtistMatchRow, SongMatchRow } from './search.repository.js';

type ResultOf<T extends SearchResult['type']> = Extract<SearchResult, { type: T }>;

// The repository answers only artists with a slug; the fallback satisfies the column's type.

export function presentArtistMatch(row: ArtistMatchRow): ResultOf<'artist'> {
  return {
    type: 'artist',
    _id: row.id,
    id: row.id,
    name: row.name,
    slug: row.slug ?? '',
    photo: row.photoKey ? mediaPath(row.photoKey) : null,
    genre: row.genre,
  };
}

export function presentSongMatch(row: SongMatchRow): ResultOf<'song'> {
  return {
    type: 'song',
    _id: row.id,
    id: row.id,
    title: row.title,
    artistID: row.artistId,
    artistName: row.artistName,
    artistSlug: row.artistSlug ?? '',
    duration: row.duration,
    isFullPreview: row.isFullPreview,
  };
}

/** artworkPath as albums present it: the image path, empty when there is no artwork. */
export function presentAlbumMatch(row: AlbumMatchRow): ResultOf<'album'> {
  return {
    type: 'album',
    _id: row.id,
    id: row.id,
    name: row.name,
    artistID: row.artistId,
    artistName: row.artistName,
    artistSlug: row.artistSlug ?? '',
    artworkPath: row.artworkKey ? mediaPath(row.artworkKey) : '',
  };
}
