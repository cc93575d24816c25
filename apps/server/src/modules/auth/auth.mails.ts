import type { MailMessage } from '../../platform/mail/mailer.js';
import { escapeHtml } from '../../platform/mail/templates.js';

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
