/**
 * Renewal (docs/billing.md, "Renewal"; docs/decisions/0017): at the end of its term each subscription is
 * charged through the provider with a key made from our row, `sub:{id}:term:{n}:attempt:{k}`. The provider
 * is called outside our transactions; what it answered is written in one transaction that first checks the
 * row is still at the term and attempt it read. So a sweep run twice, two workers, or a crash between the
 * provider's answer and our write charge once (the same key replays the answer) and write once.
 */
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../platform/db/transaction.js';
import {
  PaymentDeclinedError,
  PaymentRequestError,
  type SubscriptionPayment,
} from '../../platform/payments/provider.js';
import { findArtistsByIds } from '../artists/index.js';
import { paidTermRows, providerFeeRow } from './ledger.js';
import { insertLedgerRows, insertTermRows } from './ledger.repository.js';
import { countPayment } from './billing.metrics.js';
import { recordPaymentReceipt, recordTermReceipt, type ReceiptEvent } from './receipts.service.js';
import {
  findSubscriptionForUpdate,
  findSubscriptionWithCard,
  listDueSubscriptions,
  moveSubscriptionToTerm,
  updateSubscription,
  type SubscriptionPatch,
  type SubscriptionRow,
} from './subscriptions.repository.js';

type WriteContext = Pick<AppContext, 'db' | 'platform' | 'jobs'>;
type RenewalContext = WriteContext & Pick<AppContext, 'log'>;

/** A declined renewal is tried again this many days after the term ended; after the last, it lapses. */
export const RETRY_AFTER_DAYS = [1, 3, 7] as const;
const DAY_MS = 24 * 3600 * 1000;

export type RenewalOutcome = 'renewed' | 'declined' | 'lapsed' | 'ended' | 'not_due' | 'skipped' | 'failed';

/** The card was detached or is unusable at the provider: for the fan, a renewal that did not go through. */
const CARD_GONE = new Set(['payment_method_unattached', 'payment_method_unusable']);
export const CARD_GONE_REASON = 'Your saved card can no longer be charged.';

/** The provider's key for one attempt at one term (decision 0013, section 4). */
export const renewalKey = (subscriptionId: string, term: number, attempt: number) =>
  `sub:${subscriptionId}:term:${term}:attempt:${attempt}`;

/** Renewals under way at once in a sweep on PostgreSQL: each holds at most one of the pool's connections. */
export const POSTGRES_SWEEP_CONCURRENCY = 4;

/** How the sweep goes through the due rows. */
export interface SweepOptions {
  /** Rows read at a time (oldest due first). */
  pageSize?: number;
  /**
   * Renewals of one page under way at once (different subscriptions: each charged and written on its own, as
   * one at a time). More than 1 only where the database takes several connections (PostgreSQL's pool); on
   * PGlite, one connection, they would only queue.
   */
  concurrency?: number;
}

/** What the sweep read once for a page, given to each of its renewals: the artists' status and name. */
interface PageKnowledge {
  artists: Map<string, { status: string; name: string }>;
}

/** Renews every subscription due at `now`, a page at a time; answers how many ended each way. */
export async function renewDueSubscriptions(
  ctx: RenewalContext,
  now: Date,
  { pageSize = 100, concurrency = 1 }: SweepOptions = {},
): Promise<Record<RenewalOutcome, number>> {
  const counts = { renewed: 0, declined: 0, lapsed: 0, ended: 0, not_due: 0, skipped: 0, failed: 0 };
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const page = await listDueSubscriptions(ctx.db, now, after, pageSize);
    // The page's artists once: an artist who leaves after this read has marked their subscriptions to end
    // (decision 0021), which the row read again before each charge sees.
    const known: PageKnowledge = {
      artists: await findArtistsByIds(
        ctx.db,
        page.map((row) => row.artistId),
      ),
    };
    let next = 0;
    const worker = async () => {
      while (next < page.length) {
        const row = page[next++]!;
        counts[await renewOrLog(ctx, row.id, now, known)] += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, page.length)) }, worker));
    const last = page.at(-1);
    if (!last || page.length < pageSize) return counts;
    after = { at: last.nextAttemptAt!, id: last.id };
  }
}

/** One row's failure (the provider unreachable, a bug) is logged and left due: it never stops the others. */
async function renewOrLog(ctx: RenewalContext, id: string, now: Date, known: PageKnowledge): Promise<RenewalOutcome> {
  try {
    return await renewSubscription(ctx, id, now, known);
  } catch (error) {
    ctx.log.error({ err: error, subscriptionId: id }, 'renewal failed; the next sweep tries again');
    return 'failed';
  }
}

const isDue = (row: SubscriptionRow, now: Date) =>
  (row.status === 'active' || row.status === 'past_due') && row.nextAttemptAt !== null && row.nextAttemptAt <= now;

/**
 * One subscription's renewal attempt, if it is due. The row is read again here (a cancel since the sweep's page
 * was read wins); `page`: what the sweep read for the page (the artist), else it is read here.
 */
export async function renewSubscription(
  ctx: RenewalContext,
  id: string,
  now: Date,
  page?: PageKnowledge,
): Promise<RenewalOutcome> {
  const found = await findSubscriptionWithCard(ctx.db, id);
  if (!found || !isDue(found.subscription, now)) return 'skipped';
  const row = found.subscription;
  // The page's read of the artist will do for a row that renews: an artist who left since has marked it to end
  // (in the termination's transaction). A row marked to end asks now: if the artist has left, it is also
  // cancelled at the provider at once (a subscribe that raced the termination has no provider cancel queued).
  const fromPage = row.cancelAtPeriodEnd ? undefined : page?.artists.get(row.artistId);
  const artist = fromPage ?? (await findArtistsByIds(ctx.db, [row.artistId])).get(row.artistId) ?? null;
  // The artist has left (decision 0021): never renewed, also a subscription made in a race with the termination.
  if (artist?.status === 'CANCELLED') return endTermOfArtistWhoLeft(ctx, row);
  if (row.cancelAtPeriodEnd) return endCancelledTerm(ctx, row);
  const payments = ctx.platform.payments;
  if (!row.providerSubscriptionId || row.provider !== payments.name) return 'skipped';
  const attempt = row.renewalAttempts + 1;
  // What the receipt shows, known already: not read again in the record's transaction.
  const known = (cardRef: string | null): NonNullable<ReceiptEvent['known']> => ({
    ...(artist ? { artistName: artist.name } : {}),
    ...(found.card && (cardRef === null || cardRef === found.card.providerRef) ? { card: found.card } : {}),
  });
  let payment: SubscriptionPayment;
  try {
    payment = await payments.renewSubscription({
      subscriptionId: row.providerSubscriptionId,
      idempotencyKey: renewalKey(row.id, row.termNumber + 1, attempt),
    });
  } catch (error) {
    if (error instanceof PaymentDeclinedError) return recordDecline(ctx, row, attempt, error.message, known(null));
    if (error instanceof PaymentRequestError && CARD_GONE.has(error.code)) {
      return recordDecline(ctx, row, attempt, CARD_GONE_REASON, known(null));
    }
    if (error instanceof PaymentRequestError && error.code === 'subscription_not_due') return 'not_due';
    // Cancelled at the provider (its dashboard, say): nothing to charge; the term we have is the last.
    if (error instanceof PaymentRequestError && error.code === 'subscription_canceled') {
      return endCancelledTerm(ctx, row);
    }
    throw error;
  }
  const term = termPaymentOf(payment);
  const applied = await withTransaction(ctx, (tx) => applyRenewalPayment(tx, row.id, term, known(term.cardRef)));
  if (!applied) return 'skipped';
  countPayment(ctx, 'renewal', 'succeeded', payment.charge.amountCents);
  return 'renewed';
}

/** A term's payment as both the renewal's answer and the provider's `subscription.paid` event tell it. */
export interface TermPayment {
  chargeId: string;
  amountCents: number;
  paidAt: Date;
  periodStart: Date;
  periodEnd: Date;
  /** What the provider kept, when it said (our call's answer does; Stripe's invoice.paid event does not). */
  feeCents: number | null;
  /** The provider's token of the card charged, when it said (our call's answer does). */
  cardRef: string | null;
}

const termPaymentOf = (payment: SubscriptionPayment): TermPayment => ({
  feeCents: payment.charge.feeCents,
  cardRef: payment.charge.paymentMethodId,
  chargeId: payment.charge.chargeId,
  amountCents: payment.charge.amountCents,
  paidAt: payment.charge.createdAt,
  periodStart: payment.subscription.currentPeriodStart,
  periodEnd: payment.subscription.currentPeriodEnd,
});

/**
 * Inside the caller's transaction: moves the subscription on to the term `payment` paid, writes the ledger's
 * charge and artist credit for it, and records its receipt. A payment of a term the row already has (learnt
 * before from the other path: our call or the event) changes nothing and answers false.
 */
export async function applyRenewalPayment(
  tx: WriteContext,
  subscriptionId: string,
  payment: TermPayment,
  known?: ReceiptEvent['known'],
): Promise<boolean> {
  const row = await findSubscriptionForUpdate(tx.db, subscriptionId);
  if (!row || (row.status !== 'active' && row.status !== 'past_due')) return false;
  if (payment.periodEnd.getTime() <= row.currentPeriodEnd.getTime()) {
    // Learnt first from an event that did not say the fee: our call's answer adds it (once, by the term's key).
    if (payment.feeCents !== null && payment.periodEnd.getTime() === row.currentPeriodEnd.getTime()) {
      await insertLedgerRows(tx.db, [
        providerFeeRow(row, {
          termNumber: row.termNumber,
          provider: row.provider ?? tx.platform.payments.name,
          chargeId: payment.chargeId,
          amountCents: payment.amountCents,
          paidAt: payment.paidAt,
          feeCents: payment.feeCents,
        }),
      ]);
    }
    return false;
  }
  const termNumber = row.termNumber + 1;
  await moveSubscriptionToTerm(tx.db, row.id, {
    termNumber,
    periodStart: payment.periodStart,
    periodEnd: payment.periodEnd,
  });
  const added = await insertTermRows(
    tx.db,
    paidTermRows(row, {
      termNumber,
      provider: row.provider ?? tx.platform.payments.name,
      chargeId: payment.chargeId,
      amountCents: payment.amountCents,
      paidAt: payment.paidAt,
      feeCents: payment.feeCents,
    }),
  );
  const renewed = { ...row, currentPeriodStart: payment.periodStart, currentPeriodEnd: payment.periodEnd };
  await recordTermReceipt(tx, 'renewal', renewed, added, payment.cardRef, known);
  return true;
}

/**
 * Writes `patch` if the row is still at the term and attempt `seen` was read at (another worker, or the
 * sweep run again, may have written this attempt first); answers whether it did.
 */
async function writeIfUnchanged(
  tx: WriteContext,
  seen: SubscriptionRow,
  patch: SubscriptionPatch,
  receipt?: ReceiptEvent,
): Promise<boolean> {
  const row = await findSubscriptionForUpdate(tx.db, seen.id);
  const unchanged =
    row !== null &&
    row.status === seen.status &&
    row.termNumber === seen.termNumber &&
    row.renewalAttempts === seen.renewalAttempts &&
    row.cancelAtPeriodEnd === seen.cancelAtPeriodEnd;
  if (!unchanged) return false;
  await updateSubscription(tx.db, row.id, patch);
  if (receipt) await recordPaymentReceipt(tx, receipt);
  return true;
}

/** Declined: past due with the next try, or (after the last try) lapsed, ended at the provider too. */
async function recordDecline(
  ctx: RenewalContext,
  row: SubscriptionRow,
  attempt: number,
  reason: string,
  known: NonNullable<ReceiptEvent['known']>,
): Promise<RenewalOutcome> {
  const receipt = (retryAt: Date | null): ReceiptEvent => ({
    kind: 'failed_renewal',
    sourceKey: renewalKey(row.id, row.termNumber + 1, attempt),
    subscription: row,
    amountCents: row.priceCents,
    termNumber: row.termNumber + 1,
    periodStart: row.currentPeriodEnd,
    periodEnd: null,
    failureReason: reason,
    retryAt,
    at: new Date(),
    known,
  });
  const retryDays = RETRY_AFTER_DAYS[attempt - 1];
  if (retryDays !== undefined) {
    const retryAt = new Date(row.currentPeriodEnd.getTime() + retryDays * DAY_MS);
    const patch: SubscriptionPatch = { status: 'past_due', renewalAttempts: attempt, nextAttemptAt: retryAt };
    const written = await withTransaction(ctx, (tx) => writeIfUnchanged(tx, row, patch, receipt(retryAt)));
    if (written) countPayment(ctx, 'renewal', 'declined');
    return written ? 'declined' : 'skipped';
  }
  // Before our write: a crash between the two repeats this attempt, whose key replays the decline.
  await cancelAtProviderNow(ctx, row.providerSubscriptionId!);
  const patch: SubscriptionPatch = {
    status: 'lapsed',
    renewalAttempts: attempt,
    nextAttemptAt: null,
    endedAt: new Date(),
  };
  const written = await withTransaction(ctx, (tx) => writeIfUnchanged(tx, row, patch, receipt(null)));
  if (written) countPayment(ctx, 'renewal', 'declined');
  return written ? 'lapsed' : 'skipped';
}

/** A subscription set to end (or ended at the provider) ends at its term's end: status canceled, no charge. */
async function endCancelledTerm(ctx: RenewalContext, row: SubscriptionRow): Promise<RenewalOutcome> {
  const patch: SubscriptionPatch = { status: 'canceled', nextAttemptAt: null, endedAt: row.currentPeriodEnd };
  const written = await withTransaction(ctx, (tx) => writeIfUnchanged(tx, row, patch));
  return written ? 'ended' : 'skipped';
}

/** The artist has left: no charge; ended at the provider too (idempotent), then like a cancelled term. */
async function endTermOfArtistWhoLeft(ctx: RenewalContext, row: SubscriptionRow): Promise<RenewalOutcome> {
  if (row.providerSubscriptionId && row.provider === ctx.platform.payments.name) {
    await cancelAtProviderNow(ctx, row.providerSubscriptionId);
  }
  return endCancelledTerm(ctx, row);
}

export async function cancelAtProviderNow(ctx: Pick<AppContext, 'platform'>, providerSubscriptionId: string) {
  try {
    await ctx.platform.payments.cancelSubscription({ subscriptionId: providerSubscriptionId, atPeriodEnd: false });
  } catch (error) {
    if (error instanceof PaymentRequestError && error.code === 'resource_missing') return;
    throw error;
  }
}
