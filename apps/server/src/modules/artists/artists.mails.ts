/** The artists' mails: approved after review (first time) or active again, and its licence terminated (decision 0021). */
import type { MailMessage } from '../../platform/mail/mailer.js';
import { formatMailDate, paragraphsMail } from '../../platform/mail/templates.js';

export interface ArtistApprovedMailInput {
  to: string;
  firstName: string;
  artistName: string;
  /** The artist's studio (`{publicUrl}/artist/`). */
  studioUrl: string;
  /** The artist's public page (`{publicUrl}/a/{slug}`). */
  pageUrl: string;
  /** True when the artist was approved before and is active again after being set inactive. */
  again: boolean;
}

const greeting = (firstName: string) => (firstName ? `Hi ${firstName},` : 'Hi,');

/** Sent when an admin sets the artist ACTIVE. */
export function artistApprovedMail(input: ArtistApprovedMailInput): MailMessage {
  const opening = input.again
    ? `${input.artistName} is active on HFM again: your page is back and fans can subscribe to you.`
    : `Good news: ${input.artistName} is approved. Your page is live on HFM and fans can now find you and subscribe.`;
  return paragraphsMail(
    input.to,
    input.again ? `${input.artistName} is active on HFM again` : `${input.artistName} is approved on HFM`,
    [
      greeting(input.firstName),
      opening,
      `Your page: ${input.pageUrl}`,
      `Upload more songs, add photos and connect your payout account in your studio: ${input.studioUrl}`,
      'HFM',
    ],
  );
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
