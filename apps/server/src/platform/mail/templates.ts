import type { MailMessage } from './mailer.js';

export interface ConfirmationMailInput {
  to: string;
  firstName: string;
  code: string;
  publicUrl: string;
}

/** The page of the web app where a code is entered, with the email filled in. */
export function confirmationLink(publicUrl: string, email: string): string {
  return `${publicUrl}/main/#/confirm?email=${encodeURIComponent(email)}`;
}

/** The sign-up confirmation mail: the code stands on its own line as six plain digits. */
export function confirmationCodeMail({ to, firstName, code, publicUrl }: ConfirmationMailInput): MailMessage {
  const link = confirmationLink(publicUrl, to);
  const greeting = firstName ? `Hi ${firstName},` : 'Hi,';
  const text = [
    greeting,
    '',
    'Welcome to HFM. Your confirmation code is:',
    '',
    code,
    '',
    'Enter it here:',
    link,
    '',
    'The code is valid for 24 hours.',
    'If you did not sign up for HFM, you can ignore this mail.',
    '',
    'HFM',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    '<p>Welcome to HFM. Your confirmation code is:</p>',
    `<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p>`,
    `<p><a href="${escapeHtml(link)}">Confirm your account</a></p>`,
    '<p>The code is valid for 24 hours. If you did not sign up for HFM, you can ignore this mail.</p>',
  ].join('\n');
  return { to, subject: 'Your HFM confirmation code', text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

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

/** A plain mail of paragraphs, as text and as HTML. */
export function paragraphsMail(to: string, subject: string, paragraphs: string[]): MailMessage {
  return {
    to,
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
  };
}
