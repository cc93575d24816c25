import type { PublicGenre } from '@hfm/shared';
import type { Database } from '../../platform/db/client.js';
import { isUuid } from '../users/users.service.js';
import { toPublicGenre } from './genres.presenter.js';
import {
  findGenreRowById,
  findGenreRowByLabel,
  findGenreRowsByIds,
  listGenreRows,
  type GenreRow,
} from './genres.repository.js';

export type { GenreRow };

/** Every genre, sorted by label (case-insensitively). Public: the sign-up form needs it. */
export async function listGenres(db: Database): Promise<PublicGenre[]> {
  return (await listGenreRows(db)).map(toPublicGenre);
}

/** The genre with this id, or null (also for ids that are not UUIDs). */
export async function findGenre(db: Database, id: string): Promise<GenreRow | null> {
  return isUuid(id) ? findGenreRowById(db, id) : null;
}

export function findGenreByLabel(db: Database, label: string): Promise<GenreRow | null> {
  return findGenreRowByLabel(db, label);
}

/** Genres by id, for presenting many artists at once. */
export async function findGenresByIds(db: Database, ids: string[]): Promise<Map<string, GenreRow>> {
  const rows = await findGenreRowsByIds(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}
