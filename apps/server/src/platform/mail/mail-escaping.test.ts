import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { artistApprovedMail, artistTerminatedMail } from '../../modules/artists/artists.mails.js';
import {
  artistLeftMail,
  renewalDeclinedMail,
  renewalReceiptMail,
  subscriptionLapsedMail,
} from '../../modules/billing/billing.mails.js';
import { createFileMailer, type MailMessage } from './mailer.js';
import { payoutPaidMail } from '../../modules/payouts/payouts.mails.js';
import { confirmationCodeMail } from '../../modules/auth/auth.mails.js';

/** What a stored-XSS attacker puts in an artist name or a first name (the name is stored raw). */
const PAYLOAD = `<img src=x onerror="alert('x')"><script>alert(1)</script> & Co`;
/** A line break in a subject must never become a header of its own. */
const HEADER_INJECTION = `${PAYLOAD}\r\nBcc: victim@example.com`;

const when = new Date(Date.UTC(2026, 4, 2));
const person = { to: 'fan@example.com', firstName: PAYLOAD, artistName: HEADER_INJECTION };

/** Every mail that carries an artist name or text a user or admin typed. */
const mails: [string, MailMessage][] = [
  ['confirmation code', confirmationCodeMail({ ...person, code: '123456', publicUrl: 'http://hfm.test' })],
  [
    'artist approved',
    artistApprovedMail({
      ...person,
      studioUrl: 'http://hfm.test/artist/',
      pageUrl: 'http://hfm.test/a/x',
      again: false,
    }),
  ],
  ['renewal receipt', renewalReceiptMail({ ...person, amountCents: 999, paidUntil: when })],
  ['renewal declined', renewalDeclinedMail({ ...person, amountCents: 999, reason: PAYLOAD, retryAt: when })],
  ['subscription lapsed', subscriptionLapsedMail({ ...person, amountCents: 999, reason: PAYLOAD })],
  ['payout paid', payoutPaidMail({ ...person, amountCents: 500, period: '2026-04' })],
  ['artist left', artistLeftMail({ ...person, accessUntil: when })],
  [
    'artist terminated',
    artistTerminatedMail({
      ...person,
      terminatedAt: when,
      adminReason: PAYLOAD,
      subscribers: 2,
      payoutWindow: 'within 30 days',
      contactEmail: 'help@hfm.test',
    }),
  ],
];

describe('mails show names and typed text as text', () => {
  it.each(mails)('%s: the HTML part escapes them, the text part keeps them as typed', (_name, mail) => {
    expect(mail.html).toBeDefined();
    expect(mail.html).not.toMatch(/<(img|script)\b/i);
    expect(mail.html).toContain('&#60;img src=x onerror=&#34;alert(&#39;x&#39;)&#34;&#62;');
    expect(mail.html).not.toMatch(/&(?!#\d+;)/);
    expect(mail.text).toContain('<script>alert(1)</script> & Co');
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-mail-xss-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each(mails.filter(([, mail]) => mail.subject.includes('Bcc')))(
    '%s: a line break in the name cannot add a header',
    async (_name, mail) => {
      const mailDir = fs.mkdtempSync(path.join(dir, 'm-'));
      const mailer = createFileMailer(mailDir, 'HFM <hello@hfm.test>', Fastify({ logger: false }).log);
      try {
        await mailer.send(mail);
      } finally {
        mailer.close();
      }
      const [file] = fs.readdirSync(mailDir);
      const eml = fs.readFileSync(path.join(mailDir, file!), 'utf8');
      const headers = eml.split(/\r?\n\r?\n/, 1)[0]!;
      expect(headers).not.toMatch(/^bcc:/im);
      expect(headers.match(/^to:.*$/gim)).toEqual(['To: fan@example.com']);
    },
  );
});
