/** The artist's mail when a monthly payout has been sent. */
import type { MailMessage } from './mailer.js';
import { paragraphsMail } from './templates.js';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
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
    `We have sent ${dollars(input.amountCents)} to your payout account: ${input.artistName}'s licence fees for ${periodName(input.period)} ($5.00 per subscription-year).`,
    'It reaches your bank account on the schedule of your payout account, usually within a few business days. Your studio shows every payout under Earnings.',
    'HFM',
  ]);
}
