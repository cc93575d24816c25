import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../test/smtp-server.js';
import { createFileMailer, createSmtpMailer, maskAddress } from './mailer.js';

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

/** Fastify's own logger (pino) writing to an array, as the server's mailer gets it. */
function capturedLog() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: Fastify({ logger: { stream: sink } }).log, written: () => lines.join('') };
}

describe('the embedded (file) mailer', () => {
  let mailDir: string | undefined;
  afterEach(() => mailDir && fs.rmSync(mailDir, { recursive: true, force: true }));

  it('writes the full address inside the .eml, and neither its log line nor its file name holds it', async () => {
    mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-mail-'));
    const { log, written } = capturedLog();
    const mailer = createFileMailer(mailDir, 'HFM <hello@hfm.local>', log);
    try {
      await mailer.send({ to: 'sam.cooke@example.com', subject: 'Hello', text: 'Hi' });
    } finally {
      mailer.close();
    }
    const [file, ...others] = fs.readdirSync(mailDir);
    expect(others).toEqual([]);
    expect(file).toMatch(/\.eml$/);
    expect(file).not.toContain('sam.cooke');
    expect(file).not.toContain('example.com');
    expect(fs.readFileSync(path.join(mailDir, file!), 'utf8')).toContain('To: sam.cooke@example.com');
    expect(written()).toContain('s***@example.com');
    expect(written()).not.toContain('sam.cooke');
  });
});

describe('the SMTP mailer', () => {
  let smtp: LoopbackSmtp | undefined;
  afterEach(async () => smtp?.close());

  it('delivers to the full address and logs only its masked form', async () => {
    smtp = await startLoopbackSmtp(0);
    const { log, written } = capturedLog();
    const mailer = createSmtpMailer(smtp.url, 'HFM <hello@hfm.local>', log);
    try {
      await mailer.send({ to: 'sam.cooke@example.com', subject: 'Hello', text: 'Hi' });
    } finally {
      mailer.close();
    }
    expect(smtp.accepted[0]).toContain('To: sam.cooke@example.com');
    expect(written()).toContain('s***@example.com');
    expect(written()).not.toContain('sam.cooke');
  });
});
