/** What every mail is built from: plain paragraphs as text and HTML, escaped, and dates written out. */
import type { MailMessage } from './mailer.js';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
/** A date as mails write it: 'March 5, 2026' (UTC). */
export const formatMailDate = (date: Date) => longDate.format(date);

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
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
