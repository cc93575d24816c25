import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../test/smtp-server.js';
import { createSmtpMailer, maskAddress } from './mailer.js';

describe('maskAddress', () => {
  it.each([
    ['sam.cooke@example.com', 's***@example.com'],
    ['a@b.c', 'a***@b.c'],
    ['odd"@name"@example.com', 'o***@example.com'],
    ['no-at-sign', '***'],
    ['@example.com', '***'],
  ])('%s -> %s', (address, masked) => {
    expect(maskAddress(address)).toBe(masked);
  });
});

describe('the SMTP mailer', () => {
  let smtp: LoopbackSmtp | undefined;
  afterEach(async () => smtp?.close());

  it('delivers to the full address and logs only its masked form', async () => {
    smtp = await startLoopbackSmtp(0);
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // Fastify's own logger (pino), writing to the sink, as the server's mailer gets it.
    const log = Fastify({ logger: { stream: sink } }).log;
    const mailer = createSmtpMailer(smtp.url, 'HFM <hello@hfm.local>', log);
    try {
      await mailer.send({ to: 'sam.cooke@example.com', subject: 'Hello', text: 'Hi' });
    } finally {
      mailer.close();
    }
    expect(smtp.accepted[0]).toContain('To: sam.cooke@example.com');
    const written = lines.join('');
    expect(written).toContain('s***@example.com');
    expect(written).not.toContain('sam.cooke');
  });
});
