/**
 * When the artist is paid next, without a database: the next payout (on the payout calendar of
 * @hfm/shared) and why a payout would wait. docs/earnings.md.
 */
import { payoutDayOnOrAfter, type EarningsHeldReason, type PayoutCutoffs } from '@hfm/shared';

/** The UTC day of a moment, 'YYYY-MM-DD'. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export interface PayoutAccountState {
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  taxForm: string | null;
}

/**
 * Why the artist's payout would be held now: no payout account, the provider's onboarding not finished (it
 * does not pay out yet), or no tax form on file; null when the artist can be paid.
 */
export function heldReasonOf(account: PayoutAccountState | null): EarningsHeldReason | null {
  if (!account) return 'no_account';
  if (!account.detailsSubmitted || !account.payoutsEnabled) return 'onboarding_incomplete';
  if (!account.taxForm) return 'no_tax_form';
  return null;
}

export interface PayableSums {
  /** Everything earned less everything paid out. */
  owedCents: number;
  /** Earned and payable by each cutoff, less everything paid out. */
  payableByFirstCents: number;
  payableBySecondCents: number;
  /** The earliest day after the second cutoff on which more becomes payable, if any. */
  laterPayableFrom: Date | null;
}

/**
 * The next payout: the first payout day by which something is payable and unpaid, and how much. Nothing
 * owed: no day. Owed but payable only after the second cutoff (rows dated later): the payout day on or after
 * the earliest of them, and all that is owed.
 */
export function nextPayoutOf(cutoffs: PayoutCutoffs, sums: PayableSums): { date: string | null; amountCents: number } {
  if (sums.payableByFirstCents > 0) return { date: dayOf(cutoffs.first), amountCents: sums.payableByFirstCents };
  if (sums.payableBySecondCents > 0) return { date: dayOf(cutoffs.second), amountCents: sums.payableBySecondCents };
  if (sums.owedCents > 0 && sums.laterPayableFrom)
    return { date: dayOf(payoutDayOnOrAfter(sums.laterPayableFrom)), amountCents: sums.owedCents };
  return { date: null, amountCents: 0 };
}
