import crypto from 'node:crypto';
import type { SubscriptionStatus } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paidTermRows } from '../../modules/billing/ledger.js';
import { insertLedgerRows, type NewLedgerRow } from '../../modules/billing/ledger.repository.js';
import { subscriptions } from '../../platform/db/schema/billing.js';
import { payouts } from '../../platform/db/schema/payouts.js';
import { createUser } from './accounts.js';

/** Billing's rows as billing would leave them, for tests of what they allow (without paying through the API). */

const DAY_MS = 24 * 3600 * 1000;

type SubscriptionValues = Partial<typeof subscriptions.$inferInsert> & { artistId: string };

/**
 * A subscription row: active for a year unless told otherwise, of `memberId` or of a fresh fan, begun at
 * `createdAt` when given (its first term starting then too).
 */
export async function createSubscription(app: FastifyInstance, values: SubscriptionValues) {
  const memberId = values.memberId ?? (await createUser(app)).id;
  const [row] = await app.ctx.db
    .insert(subscriptions)
    .values({
      currentPeriodEnd: new Date(Date.now() + 365 * DAY_MS),
      ...(values.createdAt ? { currentPeriodStart: values.createdAt } : {}),
      ...values,
      memberId,
    })
    .returning();
  return row!;
}

/** The subscription's term ran out yesterday (a lapse or the end of a cancelled term). */
export async function endSubscription(
  app: FastifyInstance,
  id: string,
  status: SubscriptionStatus = 'active',
): Promise<void> {
  await app.ctx.db
    .update(subscriptions)
    .set({ status, currentPeriodEnd: new Date(Date.now() - DAY_MS) })
    .where(eq(subscriptions.id, id));
}

/**
 * A paid term's charge and artist credit (and its provider fee when `feeCents` is given), written by billing's own
 * functions as a payment writes them. Tests that check fees write them where they want them.
 */
export async function createPaidTerm(
  app: FastifyInstance,
  subscription: { id: string; memberId: string; artistId: string },
  termNumber: number,
  paidAt: Date,
  feeCents: number | null = null,
): Promise<void> {
  await insertLedgerRows(
    app.ctx.db,
    paidTermRows(subscription, {
      termNumber,
      provider: 'local',
      chargeId: `ch_${crypto.randomUUID()}`,
      amountCents: 999,
      paidAt,
      feeCents,
    }),
  );
}

/** Other ledger rows (refunds, debits, payouts, fees), as given. */
export function createLedgerRows(app: FastifyInstance, rows: NewLedgerRow[]) {
  return insertLedgerRows(app.ctx.db, rows);
}

/** A payout record of the run's. */
export async function createPayout(app: FastifyInstance, values: typeof payouts.$inferInsert): Promise<void> {
  await app.ctx.db.insert(payouts).values(values);
}
