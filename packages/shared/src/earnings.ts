/**
 * Earnings and revenue (docs/earnings.md): the artist's earnings page (`GET /api/artists/{id}/earnings` and
 * its CSV) and the admin's revenue report (`GET /api/admin/revenue` and its CSV). Read from the ledger,
 * the payouts and the plays per month; integer cents, months in UTC as 'YYYY-MM'.
 */
import { z } from 'zod';

/** How many months the artist's charts show: this UTC month and the eleven before it. */
export const EARNINGS_SERIES_MONTHS = 12;
/** The revenue report's longest range, in months. */
export const REVENUE_MAX_MONTHS = 120;

export const earningsMessages = {
  badMonth: 'Please give the month as YYYY-MM.',
  monthOrder: 'The first month must not be after the last.',
  tooManyMonths: `Please choose at most ${REVENUE_MAX_MONTHS} months.`,
} as const;

/** A UTC month as 'YYYY-MM' (years 1000 to 2999). */
export const MONTH_PATTERN = /^[12]\d{3}-(0[1-9]|1[0-2])$/;
const monthField = z.string({ error: earningsMessages.badMonth }).regex(MONTH_PATTERN, earningsMessages.badMonth);

/** Months from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function monthsBetween(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split('-').map(Number) as [number, number];
  const [toYear, toMonth] = to.split('-').map(Number) as [number, number];
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

/** The month `count` months after (or before, when negative) `month`. */
export function addMonths(month: string, count: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, index - 1 + count, 1));
  return date.toISOString().slice(0, 7);
}

/** The UTC month of a moment, 'YYYY-MM'. */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export const artistEarningsParams = z.object({ id: z.guid({ error: 'Not a valid id.' }) });

/** Why a payout waits: no payout account, its onboarding is not finished, no tax form on file. */
export const EARNINGS_HELD_REASONS = ['no_account', 'onboarding_incomplete', 'no_tax_form'] as const;
export type EarningsHeldReason = (typeof EARNINGS_HELD_REASONS)[number];

/** One month of the artist's charts. */
export const earningsMonth = z.object({
  month: z.string(),
  /** Subscriptions live at the month's end (this month: in their paid term now). */
  subscribers: z.number().int(),
  /** Paid first years in the month. */
  newSubscriptions: z.number().int(),
  /** Paid later years (renewals) in the month. */
  renewals: z.number().int(),
  /** Plays of the artist's songs counted in the month. */
  plays: z.number().int(),
  /** Credits less debits written in the month. */
  earningsCents: z.number().int(),
});
export type EarningsMonth = z.infer<typeof earningsMonth>;

/** A monthly payout of the artist's, as the payout run recorded it. */
export const artistPayoutRecord = z.object({
  /** The month it was paid in (or held or tried in), 'YYYY-MM'. */
  period: z.string(),
  status: z.enum(['held', 'pending', 'paid', 'failed']),
  amountCents: z.number().int(),
  paidAt: z.string().nullable(),
  /** Why it was held (`EARNINGS_HELD_REASONS`), else null. */
  heldReason: z.string().nullable(),
});
export type ArtistPayoutRecord = z.infer<typeof artistPayoutRecord>;

/** GET /api/artists/{id}/earnings. */
export const artistEarnings = z.object({
  artistID: z.string(),
  /** Subscriptions in their paid term now (active, term not ended): who may stream and download. */
  subscribersNow: z.number().int(),
  /** Credits less debits written this UTC month. */
  earnedThisMonthCents: z.number().int(),
  earnedAllTimeCents: z.number().int(),
  /** Paid out so far (a positive amount). */
  paidOutCents: z.number().int(),
  /** Earned and not yet paid out. */
  owedCents: z.number().int(),
  nextPayout: z.object({
    /**
     * The day of the next payout, 'YYYY-MM-DD' (UTC): the next 22nd by which something is payable, or today
     * while the payout window (22nd to 28th) is open and this month's payout is not paid yet. Null when
     * nothing is owed.
     */
    date: z.string().nullable(),
    /** What is payable by that day and not yet paid. */
    amountCents: z.number().int(),
    /** Why the payout would be held now (no payout account, onboarding, tax form), else null. */
    held: z.enum(EARNINGS_HELD_REASONS).nullable(),
  }),
  /** The payout history, newest first. */
  payouts: z.array(artistPayoutRecord),
  /** The last EARNINGS_SERIES_MONTHS UTC months, oldest first, this month last. */
  series: z.array(earningsMonth),
});
export type ArtistEarnings = z.infer<typeof artistEarnings>;

/**
 * GET /api/admin/revenue?from=YYYY-MM&to=YYYY-MM: `to` defaults to this UTC month, `from` to eleven months
 * before `to`; at most REVENUE_MAX_MONTHS months.
 */
export const revenueQuery = z
  .object({ from: monthField.optional(), to: monthField.optional() })
  .superRefine((query, context) => {
    if (!query.from || !query.to) return;
    const months = monthsBetween(query.from, query.to);
    if (months < 1) context.addIssue({ code: 'custom', path: ['from'], message: earningsMessages.monthOrder });
    else if (months > REVENUE_MAX_MONTHS)
      context.addIssue({ code: 'custom', path: ['from'], message: earningsMessages.tooManyMonths });
  });
export type RevenueQuery = z.input<typeof revenueQuery>;

/** The report's figures for a month or the whole range: money in cents, each a positive amount unless said. */
export const revenueFigures = z.object({
  /** Charges: what members paid. */
  grossCents: z.number().int(),
  /** Refunded to members. */
  refundsCents: z.number().int(),
  /** Taken back by disputes (chargebacks). */
  disputesCents: z.number().int(),
  /** Gross less refunds and disputes. */
  netCents: z.number().int(),
  /** Artists' credits less debits. */
  artistShareCents: z.number().int(),
  /** Kept by the payment provider. */
  providerFeesCents: z.number().int(),
  /** Net less the artists' share and the provider's fees (may be negative). */
  platformCents: z.number().int(),
  newSubscriptions: z.number().int(),
  renewals: z.number().int(),
  /** Paid out to artists. */
  payoutsCents: z.number().int(),
});
export type RevenueFigures = z.infer<typeof revenueFigures>;

export const revenueMonth = revenueFigures.extend({ month: z.string() });
export type RevenueMonth = z.infer<typeof revenueMonth>;

export const revenueReport = z.object({
  from: z.string(),
  to: z.string(),
  /** Every month of the range, oldest first; a month without rows has zeros. */
  months: z.array(revenueMonth),
  totals: revenueFigures,
});
export type RevenueReport = z.infer<typeof revenueReport>;
