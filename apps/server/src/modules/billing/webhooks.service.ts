/**
 * The payment provider's events (POST /api/payments/webhooks/{provider}): verified on the raw body, then each
 * applied once, in the transaction that records its id in `provider_events`. Our rows stay the source of
 * truth for access (decision 0013): events fill in what our own calls may have missed (a renewal Stripe paid,
 * a refund or dispute made at the provider) and reconcile what the provider ended.
 */
import { billingMessages, payableFrom, type WebhookAnswer } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../errors/app-error.js';
import { withTransaction } from '../../platform/db/transaction.js';
import { WebhookSignatureError, type ProviderEvent } from '../../platform/payments/provider.js';
import { artistDebitCents } from './ledger.js';
import {
  findChargeRowForUpdate,
  findTermCreditForUpdate,
  insertLedgerRows,
  sumMoneyBack,
  sumTermDebits,
} from './ledger.repository.js';
import { recordMoneyBackReceipt } from './receipts.service.js';
import { applyRenewalPayment } from './renewals.service.js';
import { countMoneyBack, countPayment } from './billing.metrics.js';
import {
  findByProviderSubscription,
  findSubscriptionForUpdate,
  updateSubscription,
} from './subscriptions.repository.js';
import { recordProviderEvent } from './webhooks.repository.js';

type WebhookContext = Pick<AppContext, 'db' | 'platform' | 'jobs' | 'log'>;
type EventOf<T extends ProviderEvent['type']> = Extract<ProviderEvent, { type: T }>;

/** Events other modules apply, in the event's transaction: given by the app (payouts sit above billing). */
export interface WebhookHandlers {
  /** An artist's payout account changed at the provider (Stripe: account.updated): payouts caches its status. */
  payoutAccountUpdated(
    ctx: Pick<AppContext, 'db' | 'platform'>,
    event: EventOf<'payout_account.updated'>,
  ): Promise<void>;
}

export async function receiveWebhook(
  ctx: WebhookContext,
  handlers: WebhookHandlers,
  providerName: string,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookAnswer> {
  const payments = ctx.platform.payments;
  if (providerName !== payments.name) throw notFound(billingMessages.noSuchWebhook);
  let event: ProviderEvent;
  try {
    event = await payments.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw badRequest(billingMessages.badWebhookSignature);
    throw error;
  }
  const type = event.type === 'other' ? `other:${event.providerType}`.slice(0, 200) : event.type;
  const invalid = invalidEventReason(event);
  if (invalid) {
    await refuseEvent(ctx, event, type, invalid);
    return { received: true };
  }
  let moved: MoneyMoved;
  try {
    moved = await withTransaction(ctx, async (tx) =>
      (await recordProviderEvent(tx.db, payments.name, event.id, type)) ? applyEvent(tx, handlers, event) : undefined,
    );
  } catch (error) {
    // A value the database cannot hold (SQLSTATE class 22) fails the same way on every delivery: acknowledged.
    if (!isDataException(error)) throw error;
    await refuseEvent(ctx, event, type, error instanceof Error ? error.message : 'a value out of range');
    return { received: true };
  }
  // Once the event's writes have committed (a rolled-back event is told again, and counted then).
  if (moved?.kind === 'renewal') countPayment(ctx, 'renewal', 'succeeded', moved.amountCents);
  else if (moved) countMoneyBack(ctx, moved.kind, moved.amountCents);
  return { received: true };
}

/** The largest amount an event may carry: Stripe's largest USD charge (99,999,999 cents). */
export const MAX_EVENT_CENTS = 99_999_999;

const validDate = (date: Date) => date instanceof Date && Number.isFinite(date.getTime());

/** Why an event that the provider signed cannot be applied (an amount or a date out of range), or null. */
export function invalidEventReason(event: ProviderEvent): string | null {
  if (!validDate(event.createdAt)) return 'createdAt is not a date';
  if (event.type === 'subscription.paid' || event.type === 'charge.refunded' || event.type === 'charge.disputed') {
    const least = event.type === 'subscription.paid' ? 0 : 1;
    const { amountCents } = event;
    if (!Number.isSafeInteger(amountCents) || amountCents < least || amountCents > MAX_EVENT_CENTS) {
      return `amountCents ${amountCents} is not a whole number of cents from ${least} to ${MAX_EVENT_CENTS}`;
    }
  }
  if (
    event.type === 'subscription.paid' &&
    (!validDate(event.currentPeriodStart) || !validDate(event.currentPeriodEnd))
  ) {
    return 'the period is not a pair of dates';
  }
  return null;
}

function isDataException(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && e.code.startsWith('22')) return true;
  }
  return false;
}

/**
 * A signed event we cannot apply: recorded as `invalid:{type}` (a redelivery then finds it and changes nothing)
 * and acknowledged, so the provider stops sending it; the log says which and why, for a person to look at.
 */
async function refuseEvent(ctx: WebhookContext, event: ProviderEvent, type: string, reason: string): Promise<void> {
  const provider = ctx.platform.payments.name;
  const recorded = await recordProviderEvent(ctx.db, provider, event.id, `invalid:${type}`.slice(0, 200));
  if (!recorded) return;
  ctx.log.error(
    { provider, eventId: event.id, type, reason },
    `provider event ${event.id} (${type}) not applied: ${reason}; acknowledged and recorded as invalid`,
  );
}

/** Money an event moved that this process records (for the metrics): a renewal paid, or money given back. */
type MoneyMoved = { kind: 'renewal' | 'refund' | 'dispute'; amountCents: number } | undefined;

async function applyEvent(tx: WebhookContext, handlers: WebhookHandlers, event: ProviderEvent): Promise<MoneyMoved> {
  switch (event.type) {
    case 'subscription.paid':
      return (await applyTermPaid(tx, event)) ? { kind: 'renewal', amountCents: event.amountCents } : undefined;
    case 'charge.refunded':
      return applyMoneyBack(tx, 'refund', event.chargeId, event.refundId, event.amountCents, event.createdAt);
    case 'charge.disputed':
      return applyMoneyBack(tx, 'dispute', event.chargeId, event.disputeId, event.amountCents, event.createdAt);
    case 'subscription.payment_failed':
      await applyPastDue(tx, event);
      return undefined;
    case 'subscription.ended':
      await applyEnded(tx, event);
      return undefined;
    case 'payout_account.updated':
      await handlers.payoutAccountUpdated(tx, event);
      return undefined;
    // Our own calls answer these synchronously; a card detached at the provider fails at its next charge.
    case 'charge.succeeded':
    case 'charge.failed':
    case 'payment_method.detached':
    case 'other':
      return undefined;
  }
}

/** Our subscription paid through the event's provider subscription (locked), if we have one. */
async function ourSubscription(tx: WebhookContext, providerSubscriptionId: string) {
  const row = await findByProviderSubscription(tx.db, tx.platform.payments.name, providerSubscriptionId);
  return row ? findSubscriptionForUpdate(tx.db, row.id) : null;
}

/** A renewal the provider paid: the same effect as the renewal job's (the term's ledger keys make a second harmless). */
async function applyTermPaid(tx: WebhookContext, event: EventOf<'subscription.paid'>): Promise<boolean> {
  const row = await ourSubscription(tx, event.subscriptionId);
  if (!row) return false;
  return applyRenewalPayment(tx, row.id, {
    chargeId: event.chargeId,
    amountCents: event.amountCents,
    paidAt: event.createdAt,
    periodStart: event.currentPeriodStart,
    periodEnd: event.currentPeriodEnd,
    // Stripe's invoice.paid does not carry the fee: the renewal job's answer writes it when it asks.
    feeCents: null,
    cardRef: null,
  });
}

/**
 * A refund or dispute: a negative row, one per provider id, on the charge's member, artist and term; and the
 * artist's share of it taken back (`artist_debit`, keyed by the same id), payable from the 22nd of the month
 * after, so the next payout after it nets it out (docs/payouts.md, "Refunds and disputes").
 */
async function applyMoneyBack(
  tx: WebhookContext,
  kind: 'refund' | 'dispute',
  chargeId: string,
  refId: string,
  amountCents: number,
  at: Date,
): Promise<MoneyMoved> {
  const provider = tx.platform.payments.name;
  const charge = await findChargeRowForUpdate(tx.db, provider, chargeId);
  const asked = Math.abs(amountCents);
  // Refunds and disputes of one charge never add up to more than it, whatever the provider sends.
  const left = charge ? Math.max(0, charge.amountCents + (await sumMoneyBack(tx.db, provider, chargeId))) : asked;
  const back = Math.min(asked, left);
  if (back < asked) {
    tx.log.warn(
      { provider, chargeId, refId, kind, askedCents: asked, leftCents: left },
      `${kind} ${refId} asks ${asked} cents of charge ${chargeId}, which has ${left} left: ${back} recorded`,
    );
  }
  if (back <= 0) return undefined;
  const common = {
    memberId: charge?.memberId ?? null,
    artistId: charge?.artistId ?? null,
    subscriptionId: charge?.subscriptionId ?? null,
    termNumber: charge?.termNumber ?? null,
    provider,
    providerChargeId: chargeId,
    providerRefId: refId,
  };
  const [added] = await insertLedgerRows(tx.db, [
    { ...common, kind, amountCents: -back, description: kind === 'refund' ? 'Refund' : 'Dispute' },
  ]);
  if (!added) return undefined;
  await recordMoneyBackReceipt(tx, added, charge);
  const moved = { kind, amountCents: back };
  if (!charge?.subscriptionId || charge.termNumber === null) return moved;
  const credit = await findTermCreditForUpdate(tx.db, charge.subscriptionId, charge.termNumber);
  if (!credit) return moved;
  const debit = artistDebitCents({
    amountCents: back,
    chargeCents: charge.amountCents,
    creditCents: credit.amountCents,
    debitedCents: await sumTermDebits(tx.db, charge.subscriptionId, charge.termNumber),
  });
  if (debit <= 0) return moved;
  await insertLedgerRows(tx.db, [
    {
      ...common,
      kind: 'artist_debit',
      amountCents: -debit,
      payableFrom: payableFrom(at),
      description: kind === 'refund' ? 'Licence fee taken back: refund' : 'Licence fee taken back: dispute',
    },
  ]);
  return moved;
}

/**
 * The provider could not take a renewal: an active row whose term has ended shows past due at once. The
 * attempts, their times and the mails stay the renewal job's, which hears the same decline when it asks.
 */
async function applyPastDue(tx: WebhookContext, event: EventOf<'subscription.payment_failed'>): Promise<void> {
  const row = await ourSubscription(tx, event.subscriptionId);
  if (!row || row.status !== 'active' || row.currentPeriodEnd > event.createdAt) return;
  await updateSubscription(tx.db, row.id, { status: 'past_due' });
}

/**
 * The provider ended the subscription: an active one keeps the term it paid and renews no more (the sweep ends
 * it at the term's end, charging nothing); a past-due one has no paid term left and lapses now.
 */
async function applyEnded(tx: WebhookContext, event: EventOf<'subscription.ended'>): Promise<void> {
  const row = await ourSubscription(tx, event.subscriptionId);
  if (row?.status === 'active' && !row.cancelAtPeriodEnd) {
    await updateSubscription(tx.db, row.id, { cancelAtPeriodEnd: true });
  } else if (row?.status === 'past_due') {
    await updateSubscription(tx.db, row.id, { status: 'lapsed', nextAttemptAt: null, endedAt: event.createdAt });
  }
}
