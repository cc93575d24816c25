/** The ledger's rules that need no database: a paid term's rows, a refund's share (the calendar: @hfm/shared). */
import { ARTIST_CREDIT_CENTS, payableFrom } from '@hfm/shared';
import type { TermLedgerRow } from './ledger.repository.js';

/** A paid term: its number and the provider's payment. */
export interface PaidTerm {
  termNumber: number;
  provider: string;
  chargeId: string;
  amountCents: number;
  paidAt: Date;
  /** What the provider kept of the payment, when it said (Charge.feeCents); null: no fee row yet. */
  feeCents: number | null;
}

/**
 * The ledger's rows for a paid term: the member's charge, the artist's credit (payable from the 22nd of the
 * following month) and, when the provider said what it kept, its fee. Their unique term keys make writing them
 * twice (our call and an event) harmless.
 */
export function paidTermRows(
  subscription: { id: string; memberId: string; artistId: string },
  term: PaidTerm,
): TermLedgerRow[] {
  const common = {
    memberId: subscription.memberId,
    artistId: subscription.artistId,
    subscriptionId: subscription.id,
    termNumber: term.termNumber,
    provider: term.provider,
    providerChargeId: term.chargeId,
    createdAt: term.paidAt,
  };
  return [
    { ...common, kind: 'charge', amountCents: term.amountCents, description: `Subscription, year ${term.termNumber}` },
    {
      ...common,
      kind: 'artist_credit',
      amountCents: ARTIST_CREDIT_CENTS,
      payableFrom: payableFrom(term.paidAt),
      description: `Licence fee, year ${term.termNumber}`,
    },
    ...(term.feeCents === null ? [] : [providerFeeRow(subscription, { ...term, feeCents: term.feeCents })]),
  ];
}

/** The provider's fee of a paid term: minus what it kept. One per term (the unique term key). */
export function providerFeeRow(
  subscription: { id: string; memberId: string; artistId: string },
  term: Omit<PaidTerm, 'feeCents'> & { feeCents: number },
): TermLedgerRow {
  return {
    kind: 'provider_fee',
    amountCents: -Math.abs(term.feeCents),
    memberId: subscription.memberId,
    artistId: subscription.artistId,
    subscriptionId: subscription.id,
    termNumber: term.termNumber,
    provider: term.provider,
    providerChargeId: term.chargeId,
    createdAt: term.paidAt,
    description: `Payment provider's fee, year ${term.termNumber}`,
  };
}

/**
 * What a refund or dispute of `amountCents` of a `chargeCents` payment takes back of the artist's credit for
 * that term: the same share of the credit, rounded to the cent, never more than is left of the credit once
 * the term's earlier debits are counted (`debitedCents`, a sum of negative rows).
 */
export function artistDebitCents(input: {
  amountCents: number;
  chargeCents: number;
  creditCents: number;
  debitedCents: number;
}): number {
  if (input.chargeCents <= 0) return 0;
  const share = Math.round((input.creditCents * Math.abs(input.amountCents)) / input.chargeCents);
  const left = Math.max(0, input.creditCents + input.debitedCents);
  return Math.min(share, left);
}
