import type { PublicLabel } from '@hfm/shared';
import type { LabelRow } from './labels.repository.js';

export function toPublicLabel(row: LabelRow): PublicLabel {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    website: row.website,
    genres: row.genres,
    location: row.location,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
