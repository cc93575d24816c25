import { inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { hiFives } from '../../platform/db/schema/engagement.js';

/** The Hi Fives the given users gave, oldest first. */
export async function listHiFivesOfUsers(
  db: Database,
  userIds: string[],
): Promise<{ id: string; userId: string; itemId: string }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: hiFives.id, userId: hiFives.userId, itemId: hiFives.itemId })
    .from(hiFives)
    .where(inArray(hiFives.userId, userIds))
    .orderBy(hiFives.createdAt);
}
