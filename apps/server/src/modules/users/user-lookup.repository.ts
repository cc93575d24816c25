import { ilike, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema/identity.js';
import type { UserRow } from './users.repository.js';

/** Ids of the accounts whose email matches the LIKE pattern in any case, as a subquery for other queries. */
export function userIdsWithEmailLike(db: Database, pattern: string) {
  return db.select({ id: users.id }).from(users).where(ilike(users.email, pattern));
}

export async function findUserRowsByIds(db: Database, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}
