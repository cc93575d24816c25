import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { paymentCards, subscriptions } from '../../platform/db/schema/billing.js';

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

/** The member's subscriptions still running stop renewing; answers how many. */
export async function stopRenewalsOfMember(db: Database, memberId: string): Promise<number> {
  const rows = await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true, updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.memberId, memberId),
        eq(subscriptions.status, 'active'),
        eq(subscriptions.cancelAtPeriodEnd, false),
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length;
}

/** The member's saved cards go (subscriptions keep their rows; their payment method becomes null). */
export async function deletePaymentCardsOfMember(db: Database, memberId: string): Promise<number> {
  const rows = await db
    .delete(paymentCards)
    .where(eq(paymentCards.userId, memberId))
    .returning({ id: paymentCards.id });
  return rows.length;
}
