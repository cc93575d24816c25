/**
 * The payout calendar (docs/payouts.md, UTC throughout): an artist's credit for a payment becomes payable on
 * the 22nd of the month after it; each month's payout (its period, 'YYYY-MM') pays what became payable by
 * that month's 22nd 00:00 (its cutoff), and is made in the window from the 22nd to the 28th.
 */

/** The payout window: from the 22nd to the 28th of each month (UTC). */
export const PAYOUT_WINDOW_FIRST_DAY = 22;
export const PAYOUT_WINDOW_LAST_DAY = 28;

export const PERIOD_MESSAGE = 'The period must be a month written YYYY-MM.';

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A period: a month written 'YYYY-MM', from 2000 on. */
export function isValidPeriod(value: unknown): value is string {
  return typeof value === 'string' && PERIOD.test(value) && Number(value.slice(0, 4)) >= 2000;
}

/** The period's cutoff: what became payable by the 22nd 00:00 UTC of that month is paid in it. */
export function periodCutoff(period: string): Date {
  const match = PERIOD.exec(period);
  if (!match) throw new RangeError(PERIOD_MESSAGE);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, PAYOUT_WINDOW_FIRST_DAY));
}

/** The month `date` is in (UTC), as a period. */
export function periodOf(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The period `months` after (or before, when negative) this one. */
export function addPeriods(period: string, months: number): string {
  const cutoff = periodCutoff(period);
  return periodOf(new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + months, 1)));
}

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A period as people say it: '2026-03' is 'March 2026'. */
export function periodName(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return monthName.format(new Date(Date.UTC(year!, month! - 1, 1)));
}

/** From when an artist credit for a payment made at `paidAt` may be paid out: the 22nd of the next month. */
export function payableFrom(paidAt: Date): Date {
  return new Date(Date.UTC(paidAt.getUTCFullYear(), paidAt.getUTCMonth() + 1, PAYOUT_WINDOW_FIRST_DAY));
}

/** Whether `now` is in a payout window (the 22nd 00:00 to the 28th 23:59:59.999). */
export function isPayoutWindowOpen(now: Date): boolean {
  const day = now.getUTCDate();
  return day >= PAYOUT_WINDOW_FIRST_DAY && day <= PAYOUT_WINDOW_LAST_DAY;
}

/** The period whose window is open or last opened: this month from the 22nd, else the month before. */
export function latestOpenedPeriod(now: Date): string {
  const current = periodOf(now);
  return now.getUTCDate() >= PAYOUT_WINDOW_FIRST_DAY ? current : addPeriods(current, -1);
}

/** The first payout day (a 22nd) on or after the moment. */
export function payoutDayOnOrAfter(date: Date): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), PAYOUT_WINDOW_FIRST_DAY));
  return day >= date ? day : new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, PAYOUT_WINDOW_FIRST_DAY));
}

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
  const payoutDay = (monthsAhead: number) => new Date(Date.UTC(year, month + monthsAhead, PAYOUT_WINDOW_FIRST_DAY));
  if (!thisMonthPaid && isPayoutWindowOpen(now)) return { first: now, second: payoutDay(1) };
  if (!thisMonthPaid && now.getUTCDate() < PAYOUT_WINDOW_FIRST_DAY)
    return { first: payoutDay(0), second: payoutDay(1) };
  return { first: payoutDay(1), second: payoutDay(2) };
}
