import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { subscriptions } from '../../platform/db/schema/billing.js';

/** The artists each of the given members subscribes to now, oldest subscription first. */
export async function listActiveSubscriptions(
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
