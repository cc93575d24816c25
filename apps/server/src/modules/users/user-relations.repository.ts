/**
 * A read model (like discovery's, docs/decisions/0010): what an account shows of its subscriptions and Hi
 * Fives, read from billing's and engagement's tables, so users (the identity every module looks up) imports
 * neither module (docs/decisions/0047). It writes nothing.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { subscriptions } from '../../platform/db/schema/billing.js';
import { hiFives } from '../../platform/db/schema/engagement.js';

/** The artists each of the given members subscribes to now, oldest subscription first. */
export async function listActiveSubscriptionsOf(
  db: Database,
  memberIds: string[],
): Promise<{ memberId: string; artistId: string }[]> {
  if (memberIds.length === 0) return [];
  return db
    .select({ memberId: subscriptions.memberId, artistId: subscriptions.artistId })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.memberId, memberIds),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.currentPeriodEnd, new Date()),
      ),
    )
    .orderBy(subscriptions.createdAt);
}

/** The Hi Fives the given users gave, oldest first. */
export async function listHiFivesOf(
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
