/** The mails of a subscription's renewal: a receipt, a declined renewal with the next try, a lapse. */
import type { MailMessage } from './mailer.js';
import { paragraphsMail } from './templates.js';

export interface RenewalMailInput {
  to: string;
  firstName: string;
  artistName: string;
  amountCents: number;
}

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
export const formatMailDate = (date: Date) => longDate.format(date);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const greeting = (firstName: string) => (firstName ? `Hi ${firstName},` : 'Hi,');

/** The receipt of a renewed year. */
export function renewalReceiptMail(input: RenewalMailInput & { paidUntil: Date }): MailMessage {
  return paragraphsMail(input.to, `Your subscription to ${input.artistName} is renewed`, [
    greeting(input.firstName),
    `We charged ${dollars(input.amountCents)} to your card for another year of ${input.artistName}. Your subscription runs until ${formatMailDate(input.paidUntil)}.`,
    'You can cancel renewal at any time on your account page; you keep access to the end of the year you paid for.',
    'HFM',
  ]);
}

/** A renewal the card refused: the issuer's message and when we try again. */
export function renewalDeclinedMail(input: RenewalMailInput & { reason: string; retryAt: Date }): MailMessage {
  return paragraphsMail(input.to, `We could not renew your subscription to ${input.artistName}`, [
    greeting(input.firstName),
    `We tried to charge ${dollars(input.amountCents)} for another year of ${input.artistName}, and the payment did not go through (${input.reason})`,
    `We will try again on ${formatMailDate(input.retryAt)}. To pay with another card, add it on your account page before then.`,
    'HFM',
  ]);
}

/** The last try failed: the subscription has ended. */
export function subscriptionLapsedMail(input: RenewalMailInput & { reason: string }): MailMessage {
  return paragraphsMail(input.to, `Your subscription to ${input.artistName} has ended`, [
    greeting(input.firstName),
    `We could not charge your card for another year of ${input.artistName} after several tries (${input.reason}), so your subscription has ended and nothing more will be charged.`,
    'The songs you downloaded while subscribed stay yours in My Music. You can subscribe again at any time.',
    'HFM',
  ]);
}
