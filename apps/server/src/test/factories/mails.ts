import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CONFIRMATION_MAIL_JOB } from '../../modules/auth/confirmation-mail.js';

/** Waits for queued mail to be sent, then answers the .eml files the embedded mailer wrote to one address. */
export async function readMails(t: { app: FastifyInstance; dataDir: string }, to: string): Promise<string[]> {
  await t.app.ctx.jobs.idle([CONFIRMATION_MAIL_JOB]);
  return readMailFiles(t.dataDir, to);
}

/** The .eml files the embedded mailer wrote to one address (read from each file's To: header), oldest first. */
function readMailFiles(dataDir: string, to: string): string[] {
  const mailDir = path.join(dataDir, 'mail');
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => path.join(mailDir, file))
    .map((file) => ({
      file,
      written: fs.statSync(file, { bigint: true }).mtimeNs,
      text: fs.readFileSync(file, 'utf8'),
    }))
    .filter(({ text }) => recipientOf(text) === to.toLowerCase())
    .sort((a, b) => (a.written === b.written ? a.file.localeCompare(b.file) : a.written < b.written ? -1 : 1))
    .map(({ text }) => decodeQuotedPrintable(text));
}

/** The address in a mail's To: header (its header block only, folded lines joined), lower-cased. */
export function recipientOf(mail: string): string | undefined {
  const headers = mail.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const to = /^to:\s*(.+)$/im.exec(headers)?.[1]?.trim();
  return (/<([^>]+)>/.exec(to ?? '')?.[1] ?? to)?.toLowerCase();
}

/** Mail bodies may be quoted-printable: soft line breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The six-digit code in the newest mail to this address (read from the body, not the headers). */
export async function latestCode(t: { app: FastifyInstance; dataDir: string }, to: string): Promise<string> {
  const mail = (await readMails(t, to)).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  const body = mail.slice(mail.indexOf('\n\n'));
  const match = /^(\d{6})$/m.exec(body);
  if (!match) throw new Error(`no code in the mail to ${to}`);
  return match[1]!;
}
