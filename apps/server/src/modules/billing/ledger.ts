/** The ledger's rules that need no database: amounts and the payout window. */
import { PRICE_CENTS_PER_ARTIST_YEAR } from '@hfm/shared';
import type { NewLedgerRow } from './ledger.repository.js';

/** What a fan pays for one artist for one year. */
export const SUBSCRIPTION_PRICE_CENTS = PRICE_CENTS_PER_ARTIST_YEAR;
/** What the artist earns per paid subscription-year (the licence fee: docs DESIGN section 6). */
export const ARTIST_CREDIT_CENTS = 500;
/** The payout window opens on this day of the month after the payment (22nd to 28th). */
export const PAYOUT_WINDOW_FIRST_DAY = 22;

/** From when an artist credit for a payment made at `paidAt` may be paid out: the 22nd of the next month (UTC). */
export function payableFrom(paidAt: Date): Date {
  return new Date(Date.UTC(paidAt.getUTCFullYear(), paidAt.getUTCMonth() + 1, PAYOUT_WINDOW_FIRST_DAY));
}

/** A paid term: its number and the provider's payment. */
export interface PaidTerm {
  termNumber: number;
  provider: string;
  chargeId: string;
  amountCents: number;
  paidAt: Date;
}

/**
 * The ledger's two rows for a paid term: the member's charge and the artist's credit, payable from the 22nd
 * of the following month. Their unique term keys make writing them twice (our call and an event) harmless.
 */
export function paidTermRows(
  subscription: { id: string; memberId: string; artistId: string },
  term: PaidTerm,
): NewLedgerRow[] {
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
  ];
}
