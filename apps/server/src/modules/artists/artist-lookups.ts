/**
 * What other modules ask of artists: one artist by id (billing's subscriptions, receipts and mails), and in
 * bulk for the admin's user list and the genres' curation. Nothing here reaches another module.
 */
import type { ArtistStatus } from '@hfm/shared';
import type { Database } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/ids.js';
import {
  countArtistRowsInGenre,
  findArtistIdOfUserRow,
  findArtistRowsOfUsers,
  findArtistStatusRows,
  moveArtistRowsToGenre,
} from './artist-lookups.repository.js';
import { findArtistRowById, type ArtistRow } from './artists.repository.js';

/** The artist with this id, or null (text that is no UUID names none). */
export async function findArtistById(db: Database, id: string): Promise<ArtistRow | null> {
  return isUuid(id) ? findArtistRowById(db, id) : null;
}

/** The artist id of a user's artist (ARTIST accounts have one), or null: what the session hook asks. */
export function findArtistIdOfUser(db: Database, userId: string): Promise<string | null> {
  return findArtistIdOfUserRow(db, userId);
}

export interface ArtistOfUser {
  id: string;
  name: string;
  status: ArtistStatus;
}

/** The artists of the given users (ARTIST accounts have one), keyed by user id. */
export async function findArtistsOfUsers(db: Database, userIds: string[]): Promise<Map<string, ArtistOfUser>> {
  const rows = await findArtistRowsOfUsers(db, [...new Set(userIds)]);
  return new Map(rows.map((row) => [row.userId, { id: row.id, name: row.name, status: row.status as ArtistStatus }]));
}

/** The artists with these ids (each once), keyed by id: their status and name. Ids that are no UUID name none. */
export async function findArtistsByIds(db: Database, ids: string[]): Promise<Map<string, ArtistOfUser>> {
  const rows = await findArtistStatusRows(db, [...new Set(ids.filter(isUuid))]);
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, status: row.status as ArtistStatus }]));
}

/** How many artists are filed under a genre (whatever their status). */
export function countArtistsInGenre(db: Database, genreId: string): Promise<number> {
  return countArtistRowsInGenre(db, genreId);
}

/** Files every artist of one genre under another (a genre's deletion moves them first); how many moved. */
export function moveArtistsToGenre(db: Database, fromGenreId: string, toGenreId: string): Promise<number> {
  return moveArtistRowsToGenre(db, fromGenreId, toGenreId);
}
