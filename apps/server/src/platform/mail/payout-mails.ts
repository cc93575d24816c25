/** The artist's mail when a monthly payout has been sent. */
import { ARTIST_CREDIT_CENTS, formatUsd } from '@hfm/shared';
import type { MailMessage } from './mailer.js';
import { paragraphsMail } from './templates.js';

/** Mails write amounts without a thousands separator: '$1234.56'. */
const dollars = (cents: number) => formatUsd(cents, { grouping: false });
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM' as people say it: "March 2026". */
export function periodName(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return monthName.format(new Date(Date.UTC(year!, month! - 1, 1)));
}

export function payoutPaidMail(input: {
  to: string;
  firstName: string;
  artistName: string;
  amountCents: number;
  period: string;
}): MailMessage {
  return paragraphsMail(input.to, `HFM has sent you ${dollars(input.amountCents)}`, [
    input.firstName ? `Hi ${input.firstName},` : 'Hi,',
    `We have sent ${dollars(input.amountCents)} to your payout account: ${input.artistName}'s licence fees for ${periodName(input.period)} (${formatUsd(ARTIST_CREDIT_CENTS)} per subscription-year).`,
    'It reaches your bank account on the schedule of your payout account, usually within a few business days. Your studio shows every payout under Earnings.',
    'HFM',
  ]);
}
