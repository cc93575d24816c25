import type { PublicGenre } from '@hfm/shared';
import type { GenreRow } from './genres.repository.js';

export function toPublicGenre(row: GenreRow): PublicGenre {
  return { _id: row.id, id: row.id, label: row.label, artwork: row.artwork };
}

/** Genre artwork lives at `genre-images/{genreId}/{file}` (spec 001 section 7.3). */
export function genreArtworkKey(genreId: string, fileName: string): string {
  return `genre-images/${genreId}/${fileName}`;
}

/**
 * A genre's `artwork` is the path it is served at (`/media/genre-images/...`), which pages use as the image
 * source as it is. Every upload has a new file name, so a replaced artwork has a new address.
 */
export function genreArtworkPath(key: string): string {
  return `/media/${key}`;
}

/** The storage key of artwork this module stored (null for anything else, e.g. an address set by hand). */
export function artworkKeyOf(artwork: string | null): string | null {
  return artwork?.startsWith('/media/genre-images/') ? artwork.slice('/media/'.length) : null;
}
