/** The mails of an artist's termination (docs/decisions/0021): to each subscriber, and to the artist. */
import { formatMailDate } from './billing-mails.js';
import type { MailMessage } from './mailer.js';
import { paragraphsMail } from './templates.js';

const greeting = (firstName: string) => (firstName ? `Hi ${firstName},` : 'Hi,');

export interface ArtistLeftMailInput {
  to: string;
  firstName: string;
  artistName: string;
  /** The end of the subscriber's paid term; null when the subscription had no paid term left (past due). */
  accessUntil: Date | null;
}

/** To a subscriber: the artist has left; no renewal, access to the term's end, downloads kept for good. */
export function artistLeftMail(input: ArtistLeftMailInput): MailMessage {
  const { artistName } = input;
  const access = input.accessUntil
    ? `${artistName} has left HFM: your subscription will not renew. You keep access until ${formatMailDate(input.accessUntil)} and every song you downloaded, for good.`
    : `${artistName} has left HFM, so your subscription, whose renewal had not gone through, has ended. Every song you downloaded stays yours, for good.`;
  return paragraphsMail(input.to, `${artistName} has left HFM`, [
    greeting(input.firstName),
    access,
    'Nothing more will be charged for this subscription. The songs you downloaded are in My Music.',
    'HFM',
  ]);
}

export interface ArtistTerminatedMailInput {
  to: string;
  firstName: string;
  artistName: string;
  terminatedAt: Date;
  /** The reason an admin gave; null when the artist asked for it. */
  adminReason: string | null;
  /** Subscribers in their term, who keep access to its end. */
  subscribers: number;
  payoutWindow: string;
  contactEmail: string;
}

/** To the artist: the licence has ended, and what happens next. */
export function artistTerminatedMail(input: ArtistTerminatedMailInput): MailMessage {
  const when = formatMailDate(input.terminatedAt);
  const subscribers =
    input.subscribers === 1 ? 'Your 1 subscriber keeps' : `Your ${input.subscribers} subscribers keep`;
  return paragraphsMail(input.to, 'Your HFM licence has ended', [
    greeting(input.firstName),
    input.adminReason === null
      ? `As you asked, the licence for ${input.artistName} ended on ${when}.`
      : `HFM has terminated the licence for ${input.artistName} on ${when}. The reason given: ${input.adminReason}`,
    'From now on no new fans can subscribe to you, and no subscription to you renews.',
    input.subscribers > 0
      ? `${subscribers} access to your music until the end of their term, and every song they downloaded. We have told them by mail.`
      : 'Fans who downloaded your songs keep them.',
    `Licence fees you earned are still paid, ${input.payoutWindow}.`,
    `You can still sign in to your studio to see your dashboard; you can no longer add songs. Questions? Write to us at ${input.contactEmail}.`,
    'HFM',
  ]);
}
