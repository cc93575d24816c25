import type { PublicGenre } from '@hfm/shared';
import type { GenreRow } from './genres.repository.js';

export function toPublicGenre(row: GenreRow): PublicGenre {
  return { _id: row.id, id: row.id, label: row.label, artwork: row.artwork };
}
