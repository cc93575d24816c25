/**
 * When the artist is paid next, without a database: the payout window (the 22nd to the 28th of each month,
 * UTC), the payout run that pays in it, and why a payout would wait. docs/earnings.md.
 */
import type { EarningsHeldReason } from '@hfm/shared';

/** The window in which a month's payout is made: from the 22nd (the run's day) to the 28th. */
export const PAYOUT_WINDOW = { firstDay: 22, lastDay: 28 } as const;

export interface PayoutCutoffs {
  /** The next payout day: what is payable by it is what that payout pays. */
  first: Date;
  /** The payout day after it (a credit written now is payable by then at the latest). */
  second: Date;
}

/**
 * The next two payout days as seen at `now`. While the window is open and this month's payout is not paid
 * (not run yet, held or failed), the next one is now; otherwise the next 22nd still to come (this month's
 * before the 22nd, next month's once this month's is paid or the window has closed).
 */
export function payoutCutoffs(now: Date, thisMonthPaid: boolean): PayoutCutoffs {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const day = now.getUTCDate();
  const windowOpen = day >= PAYOUT_WINDOW.firstDay && day <= PAYOUT_WINDOW.lastDay;
  const payoutDay = (monthsAhead: number) => new Date(Date.UTC(year, month + monthsAhead, PAYOUT_WINDOW.firstDay));
  if (!thisMonthPaid && windowOpen) return { first: now, second: payoutDay(1) };
  if (!thisMonthPaid && day < PAYOUT_WINDOW.firstDay) return { first: payoutDay(0), second: payoutDay(1) };
  return { first: payoutDay(1), second: payoutDay(2) };
}

/** The first payout day (a 22nd, UTC) on or after the moment. */
export function payoutDayOnOrAfter(date: Date): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), PAYOUT_WINDOW.firstDay));
  return day >= date ? day : new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, PAYOUT_WINDOW.firstDay));
}

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
