/** The ledger's rules that need no database: amounts and the payout window. */
import { PRICE_CENTS_PER_ARTIST_YEAR } from '@hfm/shared';

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
