import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { billingCustomers, paymentCards, subscriptions } from '../../platform/db/schema/billing.js';

export type CardRow = typeof paymentCards.$inferSelect;
export type NewCardRow = typeof paymentCards.$inferInsert;

export async function findCustomerId(db: Database, memberId: string, provider: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.memberId, memberId), eq(billingCustomers.provider, provider)));
  return row?.customerId ?? null;
}

/** Keeps the provider's customer id; a concurrent first call that stored it already wins (same id). */
export async function saveCustomerId(db: Database, memberId: string, provider: string, customerId: string) {
  await db.insert(billingCustomers).values({ memberId, provider, customerId }).onConflictDoNothing();
}

export function listCardsOf(db: Database, userId: string): Promise<CardRow[]> {
  return db
    .select()
    .from(paymentCards)
    .where(eq(paymentCards.userId, userId))
    .orderBy(paymentCards.createdAt, paymentCards.id);
}

export async function findCardOf(db: Database, userId: string, cardId: string): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.id, cardId)));
  return row ?? null;
}

export async function findCardByRef(db: Database, userId: string, providerRef: string): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.providerRef, providerRef)));
  return row ?? null;
}

export async function findCardsByIds(db: Database, ids: string[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(paymentCards).where(inArray(paymentCards.id, ids));
}

/** Saves the card once per member and token: attaching the same token again answers the saved row. */
export async function saveCard(db: Database, values: NewCardRow): Promise<{ card: CardRow; created: boolean }> {
  const [inserted] = await db.insert(paymentCards).values(values).onConflictDoNothing().returning();
  if (inserted) return { card: inserted, created: true };
  const existing = await findCardByRef(db, values.userId, values.providerRef);
  if (!existing) throw new Error('A saved card that conflicted is not there.');
  return { card: existing, created: false };
}

export async function deleteCardRow(db: Database, cardId: string): Promise<boolean> {
  const rows = await db.delete(paymentCards).where(eq(paymentCards.id, cardId)).returning({ id: paymentCards.id });
  return rows.length > 0;
}

/** Whether a subscription that will still charge (renews, or is being paid or retried) uses the card. */
export async function isCardPayingForRenewals(db: Database, cardId: string): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id, status: subscriptions.status, cancel: subscriptions.cancelAtPeriodEnd })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.paymentMethodId, cardId),
        inArray(subscriptions.status, ['incomplete', 'active', 'past_due']),
      ),
    );
  return rows.some((row) => row.status !== 'active' || !row.cancel);
}
