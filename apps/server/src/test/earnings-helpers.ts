import { addMonths, monthOf } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import { paidTermRows } from '../modules/billing/ledger.js';
import { insertLedgerRows, type NewLedgerRow } from '../modules/billing/ledger.repository.js';
import { subscriptions } from '../platform/db/schema/billing.js';
import { payouts } from '../platform/db/schema/payouts.js';
import { createUser } from './factories.js';

/** A moment `monthsAgo` months before this UTC month (negative: ahead), on that day and time (UTC). */
export function monthsAgo(months: number, day = 10, time: [number, number, number, number] = [12, 0, 0, 0]): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, day, ...time));
}

/** 'YYYY-MM' of `months` before this UTC month. */
export const monthLabel = (months: number) => addMonths(monthOf(new Date()), -months);

/**
 * A subscription row of a fresh fan's to the artist (as billing keeps it), begun at `createdAt`: active in
 * a term ending in a year unless overridden.
 */
export async function insertSubscription(
  app: FastifyInstance,
  artistId: string,
  createdAt: Date,
  overrides: Partial<typeof subscriptions.$inferInsert> = {},
) {
  const fan = await createUser(app);
  const [row] = await app.ctx.db
    .insert(subscriptions)
    .values({
      memberId: fan.id,
      artistId,
      status: 'active',
      currentPeriodStart: createdAt,
      currentPeriodEnd: new Date(Date.now() + 365 * 86_400_000),
      createdAt,
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * A paid term's charge and artist credit (and its provider fee when `feeCents` is given), written by billing's own
 * functions as a payment writes them. Tests that check fees write them where they want them.
 */
export async function payTerm(
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
export function writeLedger(app: FastifyInstance, rows: NewLedgerRow[]) {
  return insertLedgerRows(app.ctx.db, rows);
}

/** A payout record of the run's. */
export async function insertPayout(app: FastifyInstance, values: typeof payouts.$inferInsert): Promise<void> {
  await app.ctx.db.insert(payouts).values(values);
}
