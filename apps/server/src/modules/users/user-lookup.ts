import type { SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { findUserRowsByIds, userIdsWithEmailLike } from './user-lookup.repository.js';
import { findUserById, type UserRow } from './users.repository.js';

/**
 * Accounts looked up for other modules: one by id (billing's receipts and mails), and for admin lists (the
 * artist list finds artists by their account's email). Nothing here reaches another module.
 */

/** The account with this id, or null. */
export function findUser(db: Database, id: string): Promise<UserRow | null> {
  return findUserById(db, id);
}

/** Ids of accounts whose email matches the LIKE pattern (case-insensitive), as a subquery to filter by. */
export function accountIdsWithEmailLike(db: Database, pattern: string): SQLWrapper {
  return userIdsWithEmailLike(db, pattern);
}

/** The accounts with these ids, keyed by id (unknown ids are left out). */
export async function findAccountsByIds(db: Database, ids: string[]): Promise<Map<string, UserRow>> {
  const rows = await findUserRowsByIds(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}
