import { and, asc, desc, eq, gt, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { preparedRead, preparedStatement } from '../../platform/db/prepared.js';
import { billingCustomers, paymentCards, subscriptions } from '../../platform/db/schema/billing.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionPatch = Partial<Omit<typeof subscriptions.$inferInsert, 'id' | 'memberId' | 'artistId'>>;

/**
 * The member's subscriptions stop renewing: an active one ends at its term's end (like a cancel), a past-due
 * one (no paid term left) ends now. Answers how many.
 */
export async function stopRenewalsOfMember(db: Database, memberId: string): Promise<number> {
  const now = new Date();
  const ending = await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true, updatedAt: now })
    .where(
      and(
        eq(subscriptions.memberId, memberId),
        eq(subscriptions.status, 'active'),
        eq(subscriptions.cancelAtPeriodEnd, false),
      ),
    )
    .returning({ id: subscriptions.id });
  const ended = await db
    .update(subscriptions)
    .set({ status: 'canceled', cancelAtPeriodEnd: true, nextAttemptAt: null, endedAt: now, updatedAt: now })
    .where(and(eq(subscriptions.memberId, memberId), eq(subscriptions.status, 'past_due')))
    .returning({ id: subscriptions.id });
  return ending.length + ended.length;
}

/** The member's saved cards go (subscriptions keep their rows; their payment method becomes null); answers their tokens. */
export async function deletePaymentCardsOfMember(db: Database, memberId: string): Promise<string[]> {
  const rows = await db
    .delete(paymentCards)
    .where(eq(paymentCards.userId, memberId))
    .returning({ ref: paymentCards.providerRef });
  return rows.map((row) => row.ref);
}

/** The one subscription matching `where`, or null. */
async function findOne(db: Database, where: SQL | undefined): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(where);
  return row ?? null;
}

export function findSubscription(db: Database, id: string): Promise<SubscriptionRow | null> {
  return findOne(db, eq(subscriptions.id, id));
}

/** The card a subscription pays with, as its receipt shows it (`providerRef`: the provider's token of it). */
export type RenewalCard = Pick<typeof paymentCards.$inferSelect, 'brand' | 'last4' | 'providerRef'>;

/**
 * The renewal sweep's read of one due row, prepared (once per database handle): the subscription as it is now
 * and the card it pays with, in one statement.
 */
const renewalRowStatement = preparedRead(
  (db, name) =>
    db
      .select({
        subscription: subscriptions,
        card: { brand: paymentCards.brand, last4: paymentCards.last4, providerRef: paymentCards.providerRef },
      })
      .from(subscriptions)
      .leftJoin(paymentCards, eq(paymentCards.id, subscriptions.paymentMethodId))
      .where(eq(subscriptions.id, sql.placeholder('id')))
      .prepare(name),
  'billing_renewal_row',
);

export async function findSubscriptionWithCard(
  db: Database,
  id: string,
): Promise<{ subscription: SubscriptionRow; card: RenewalCard | null } | null> {
  const [row] = await renewalRowStatement(db).execute({ id });
  return row ?? null;
}

/** The subscription locked (renewals, events and cancels of one row queue behind it): prepared, also in transactions. */
const subscriptionForUpdateStatement = preparedStatement(
  (db, name) =>
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, sql.placeholder('id')))
      .for('update')
      .prepare(name),
  'billing_subscription_for_update',
);

export async function findSubscriptionForUpdate(db: Database, id: string): Promise<SubscriptionRow | null> {
  const [row] = await subscriptionForUpdateStatement(db).execute({ id });
  return row ?? null;
}

export function findByRequestKey(db: Database, memberId: string, requestKey: string) {
  return findOne(db, and(eq(subscriptions.memberId, memberId), eq(subscriptions.requestKey, requestKey)));
}

/** The member's live (incomplete, active or past due) subscription to the artist, if any. */
export function findLiveSubscription(db: Database, memberId: string, artistId: string) {
  return findOne(
    db,
    and(
      eq(subscriptions.memberId, memberId),
      eq(subscriptions.artistId, artistId),
      inArray(subscriptions.status, ['incomplete', 'active', 'past_due']),
    ),
  );
}

export async function insertSubscription(db: Database, values: typeof subscriptions.$inferInsert) {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

/**
 * The subscribe path's first read, prepared: the member's saved card of this token and their customer at the
 * provider (null when they have none yet), in one statement.
 */
const payingCardStatement = preparedRead(
  (db, name) =>
    db
      .select({ card: paymentCards, customerId: billingCustomers.customerId })
      .from(paymentCards)
      .leftJoin(
        billingCustomers,
        and(
          eq(billingCustomers.memberId, paymentCards.userId),
          eq(billingCustomers.provider, sql.placeholder('provider')),
        ),
      )
      .where(
        and(eq(paymentCards.userId, sql.placeholder('memberId')), eq(paymentCards.providerRef, sql.placeholder('ref'))),
      )
      .limit(1)
      .prepare(name),
  'billing_paying_card',
);

export async function findPayingCard(
  db: Database,
  memberId: string,
  providerRef: string,
  provider: string,
): Promise<{ card: typeof paymentCards.$inferSelect; customerId: string | null } | null> {
  const [row] = await payingCardStatement(db).execute({ memberId, ref: providerRef, provider });
  return row ?? null;
}

/** The incomplete row that holds a member and artist's place before the first payment (see `holdPlace`). */
export type NewIncompleteSubscription = Pick<
  typeof subscriptions.$inferInsert,
  'id' | 'memberId' | 'artistId' | 'paymentMethodId' | 'priceCents' | 'currentPeriodEnd' | 'requestKey'
>;

const insertIncompleteStatement = preparedRead(
  (db, name) =>
    db
      .insert(subscriptions)
      .values({
        id: sql.placeholder('id'),
        memberId: sql.placeholder('memberId'),
        artistId: sql.placeholder('artistId'),
        paymentMethodId: sql.placeholder('paymentMethodId'),
        status: 'incomplete',
        priceCents: sql.placeholder('priceCents'),
        currentPeriodEnd: sql.placeholder('currentPeriodEnd'),
        requestKey: sql.placeholder('requestKey'),
      })
      .onConflictDoNothing()
      .returning()
      .prepare(name),
  'billing_insert_incomplete_subscription',
);

/**
 * Holds the place, prepared: the new incomplete row, or null when a unique index refused it (a live
 * subscription of the pair, or the member's request key used before); the caller then finds out which.
 */
export async function insertIncompleteSubscription(
  db: Database,
  values: NewIncompleteSubscription,
): Promise<SubscriptionRow | null> {
  const [row] = await insertIncompleteStatement(db).execute(values);
  return row ?? null;
}

/** A paid term's move of the row (the renewal's write, in its transaction): prepared once, also in transactions. */
const moveToTermStatement = preparedStatement(
  (db, name) =>
    db
      .update(subscriptions)
      .set({
        status: 'active',
        termNumber: sql`${sql.placeholder('termNumber')}`,
        renewalAttempts: 0,
        currentPeriodStart: sql`${sql.placeholder('periodStart')}`,
        currentPeriodEnd: sql`${sql.placeholder('periodEnd')}`,
        nextAttemptAt: sql`${sql.placeholder('periodEnd')}`,
        updatedAt: sql`${sql.placeholder('updatedAt')}`,
      })
      .where(eq(subscriptions.id, sql.placeholder('id')))
      .prepare(name),
  'billing_move_to_term',
);

/** The subscription is active in term `termNumber`, paid from `periodStart` to `periodEnd` (renewed then). */
export async function moveSubscriptionToTerm(
  db: Database,
  id: string,
  term: { termNumber: number; periodStart: Date; periodEnd: Date },
): Promise<void> {
  await moveToTermStatement(db).execute({ id, ...term, updatedAt: new Date() });
}

export async function updateSubscription(db: Database, id: string, patch: SubscriptionPatch) {
  const [row] = await db
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  return row ?? null;
}

/** First payments still under way that began before `before`, oldest first (the reconciliation job's page). */
export function listIncompleteSubscriptions(db: Database, before: Date, limit: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'incomplete'), lt(subscriptions.createdAt, before)))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id))
    .limit(limit);
}

export async function deleteIncompleteSubscription(db: Database, id: string): Promise<void> {
  await db.delete(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'incomplete')));
}

/** The member's subscriptions, newest first (every status but a payment still under way). */
export function listSubscriptionsOfMember(db: Database, memberId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.memberId, memberId),
        inArray(subscriptions.status, ['active', 'past_due', 'canceled', 'lapsed']),
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
}

/**
 * Subscriptions whose renewal (or retry) is due at `now`, oldest first, after `after` (the last row of the
 * previous page: rows the sweep left due, e.g. not yet invoiced at the provider, are not read twice).
 */
export function listDueSubscriptions(
  db: Database,
  now: Date,
  after: { at: Date; id: string } | null,
  limit: number,
): Promise<SubscriptionRow[]> {
  const due = and(inArray(subscriptions.status, ['active', 'past_due']), lte(subscriptions.nextAttemptAt, now));
  const page = after
    ? or(
        gt(subscriptions.nextAttemptAt, after.at),
        and(eq(subscriptions.nextAttemptAt, after.at), gt(subscriptions.id, after.id)),
      )
    : undefined;
  return db
    .select()
    .from(subscriptions)
    .where(and(due, page))
    .orderBy(asc(subscriptions.nextAttemptAt), asc(subscriptions.id))
    .limit(limit);
}

/** Our subscription paid through the provider's subscription `providerSubscriptionId`. */
export function findByProviderSubscription(db: Database, provider: string, providerSubscriptionId: string) {
  return findOne(
    db,
    and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)),
  );
}

/** The provider subscriptions ever paid for the member (to cancel them there: cancelling is idempotent). */
export async function listProviderSubscriptionsOfMember(db: Database, memberId: string, provider: string) {
  const rows = await db
    .select({ ref: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.memberId, memberId), eq(subscriptions.provider, provider)));
  return rows.map((row) => row.ref).filter((ref): ref is string => ref !== null);
}

/**
 * The artist has left (docs/decisions/0021): their subscriptions stop renewing. An active one ends at its
 * term's end (like a cancel), a past-due one (no paid term left) ends now, and one whose first payment is under
 * way is marked to end at its term's end once paid. Answers each row's id and what it was.
 */
export async function stopRenewalsOfArtist(
  db: Database,
  artistId: string,
): Promise<{ id: string; status: SubscriptionRow['status'] }[]> {
  const now = new Date();
  const ending = await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true, updatedAt: now })
    .where(and(eq(subscriptions.artistId, artistId), inArray(subscriptions.status, ['active', 'incomplete'])))
    .returning({ id: subscriptions.id, status: subscriptions.status });
  const ended = await db
    .update(subscriptions)
    .set({ status: 'canceled', cancelAtPeriodEnd: true, nextAttemptAt: null, endedAt: now, updatedAt: now })
    .where(and(eq(subscriptions.artistId, artistId), eq(subscriptions.status, 'past_due')))
    .returning({ id: subscriptions.id });
  return [...ending, ...ended.map((row) => ({ id: row.id, status: 'past_due' as const }))];
}
