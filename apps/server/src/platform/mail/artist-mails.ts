/** The mails an artist gets about its review: approved (first time) or active again. */
import type { MailMessage } from './mailer.js';
import { paragraphsMail } from './templates.js';

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
