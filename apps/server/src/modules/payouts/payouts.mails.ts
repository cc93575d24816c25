/** The artist's mail when a monthly payout has been sent. */
import { ARTIST_CREDIT_CENTS, formatUsd, periodName } from '@hfm/shared';
import type { MailMessage } from '../../platform/mail/mailer.js';
import { paragraphsMail } from '../../platform/mail/templates.js';

/** Mails write amounts without a thousands separator: '$1234.56'. */
const dollars = (cents: number) => formatUsd(cents, { grouping: false });

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
