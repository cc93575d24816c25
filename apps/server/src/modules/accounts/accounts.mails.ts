import type { MailMessage } from '../../platform/mail/mailer.js';
import { paragraphsMail } from '../../platform/mail/templates.js';

export interface AccountDeletedMailInput {
  to: string;
  /** How many years the complaint record is kept (the terms: 6). */
  retentionYears: number;
  contactEmail: string;
}

/** Sent once an account is deleted, to the address it had (the account itself keeps none). */
export function accountDeletedMail({ to, retentionYears, contactEmail }: AccountDeletedMailInput): MailMessage {
  const paragraphs = [
    'Hi,',
    'Your HFM account has been deleted. You have been signed out everywhere, your profile, picture and saved cards are gone, and your subscriptions will not renew.',
    `We keep the records of your payments, as the law and our terms require, and a note of this account (its email address and when it was deleted) for ${retentionYears} years in case of a complaint.`,
    `If you did not ask for this, write to us at ${contactEmail}.`,
    'HFM',
  ];
  return paragraphsMail(to, 'Your HFM account has been deleted', paragraphs);
}
