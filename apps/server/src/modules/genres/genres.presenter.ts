import type { PublicGenre } from '@hfm/shared';
import { publicMediaUrl } from '../../platform/storage/public-media.js';
import type { GenreRow } from './genres.repository.js';

export function toPublicGenre(row: GenreRow): PublicGenre {
  return { _id: row.id, id: row.id, label: row.label, artwork: shownArtwork(row.artwork) };
}

/** Genre artwork lives at `genre-images/{genreId}/{file}` (spec 001 section 7.3). */
export function genreArtworkKey(genreId: string, fileName: string): string {
  return `genre-images/${genreId}/${fileName}`;
}

/**
 * A genre's `artwork` is kept as the path it is served at here (`/media/genre-images/...`), which pages use
 * as the image source; it is shown under MEDIA_PUBLIC_URL when that is set. Every upload has a new file
 * name, so a replaced artwork has a new address.
 */
export function genreArtworkPath(key: string): string {
  return `/media/${key}`;
}

/** The artwork address to show: ours under the configured public base, an address set by hand as it is. */
export function shownArtwork(artwork: string | null): string | null {
  const key = artworkKeyOf(artwork);
  return key ? publicMediaUrl(key) : artwork;
}

/** The storage key of artwork this module stored (null for anything else, e.g. an address set by hand). */
export function artworkKeyOf(artwork: string | null): string | null {
  return artwork?.startsWith('/media/genre-images/') ? artwork.slice('/media/'.length) : null;
}
