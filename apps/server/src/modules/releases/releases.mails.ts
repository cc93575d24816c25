/** The release mail: what an artist released (one mail per fan for a batch), with its unsubscribe links. */
import type { MailMessage } from '../../platform/mail/mailer.js';
import { escapeHtml } from '../../platform/mail/templates.js';

export interface ReleaseMailInput {
  to: string;
  firstName: string;
  artistName: string;
  titles: string[];
  /** The artist's page, where the new songs play. */
  listenUrl: string;
  /** Stops this artist's release mails; and every release mail. */
  unsubscribeArtistUrl: string;
  unsubscribeAllUrl: string;
}

/** The first few titles, then how many more. */
function titleList(titles: string[]): string[] {
  const shown = titles.slice(0, 10);
  return titles.length > shown.length ? [...shown, `and ${titles.length - shown.length} more`] : shown;
}

export function releaseMail(input: ReleaseMailInput): MailMessage {
  const count = input.titles.length;
  const subject =
    count === 1
      ? `New from ${input.artistName}: ${input.titles[0]}`
      : `New from ${input.artistName}: ${count} new songs`;
  const greeting = input.firstName ? `Hi ${input.firstName},` : 'Hi,';
  const lead = `${input.artistName} just released ${count === 1 ? 'a new song' : `${count} new songs`} on HFM:`;
  const titles = titleList(input.titles);
  const text = [
    greeting,
    lead,
    titles.map((title) => `- ${title}`).join('\n'),
    `Listen now: ${input.listenUrl}`,
    `You get this mail because you subscribe to ${input.artistName}.`,
    `No more mails about ${input.artistName}: ${input.unsubscribeArtistUrl}`,
    `No more release mails at all: ${input.unsubscribeAllUrl}`,
    'HFM',
  ].join('\n\n');
  const e = escapeHtml;
  const html = [
    `<p>${e(greeting)}</p>`,
    `<p>${e(lead)}</p>`,
    `<ul>${titles.map((title) => `<li>${e(title)}</li>`).join('')}</ul>`,
    `<p><a href="${e(input.listenUrl)}">Listen now</a></p>`,
    `<p style="color:#666;font-size:13px">You get this mail because you subscribe to ${e(input.artistName)}. ` +
      `<a href="${e(input.unsubscribeArtistUrl)}">No more mails about ${e(input.artistName)}</a> · ` +
      `<a href="${e(input.unsubscribeAllUrl)}">No more release mails at all</a></p>`,
    '<p>HFM</p>',
  ].join('\n');
  return {
    to: input.to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeArtistUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
