import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * An address as production logs may show it: the first letter of the mailbox and the domain
 * (`s***@example.com`), enough to follow a delivery without keeping who was written to.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

/**
 * nodemailer is loaded with the first message rather than at start: most processes send little mail, and
 * an API process answers sooner after a start without it (docs/performance.md, "Cold start").
 */
function lazyTransport(options: string | StreamTransport.Options) {
  let transport: Promise<Transporter> | undefined;
  return {
    get: () =>
      (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options))),
    close: () => void transport?.then((opened) => opened.close()),
  };
}

/** SMTP when SMTP_URL is set. */
export function createSmtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = lazyTransport(smtpUrl);
  return {
    async send(message) {
      const info = await (await transport.get()).sendMail({ from, ...message });
      log.info({ to: maskAddress(message.to), subject: message.subject, messageId: info.messageId }, 'mail sent');
    },
    close: transport.close,
  };
}

/**
 * Embedded: each message becomes an RFC 822 .eml file under DATA_DIR/mail, and a log line. The file is named by
 * the time it was written and a random part, never the address: who it is for is in its To: header.
 */
export function createFileMailer(mailDir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await (await transport.get()).sendMail({ from, ...message });
      await fs.mkdir(mailDir, { recursive: true });
      const written = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(mailDir, `${written}-${crypto.randomBytes(6).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ to: maskAddress(message.to), subject: message.subject, file }, 'mail written');
    },
    close: transport.close,
  };
}
