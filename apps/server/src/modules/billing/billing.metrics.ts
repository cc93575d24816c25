import type { AppContext } from '../../context.js';

type MetricsContext = Pick<AppContext, 'platform'>;

/** What a payment was for: a subscription's first year, or a later year (our renewal call or the provider's event). */
export type PaymentKind = 'first_year' | 'renewal';

/**
 * Counted once the payment (or decline) is written, after its transaction: a replayed answer or an event
 * about a term already recorded changes nothing and counts nothing (decision 0024).
 */
export function countPayment(
  ctx: MetricsContext,
  kind: PaymentKind,
  outcome: 'succeeded' | 'declined',
  amountCents = 0,
): void {
  const metrics = ctx.platform.metrics;
  metrics
    .counter('hfm_payments_total', "Members' payments recorded, by kind and outcome (succeeded, declined).", [
      'kind',
      'outcome',
    ])
    .inc({ kind, outcome });
  if (outcome === 'succeeded') {
    metrics
      .counter('hfm_payments_cents_total', "Cents members paid, by kind (the provider's fee not taken off).", ['kind'])
      .inc({ kind }, amountCents);
  }
}

/** A refund or dispute the provider told us of, recorded once (its ledger row is new). */
export function countMoneyBack(ctx: MetricsContext, kind: 'refund' | 'dispute', amountCents: number): void {
  const metrics = ctx.platform.metrics;
  metrics.counter('hfm_refunds_total', 'Refunds and disputes recorded, by kind.', ['kind']).inc({ kind });
  metrics
    .counter('hfm_refunds_cents_total', 'Cents given back to members, by kind (refund, dispute).', ['kind'])
    .inc({ kind }, Math.abs(amountCents));
}
