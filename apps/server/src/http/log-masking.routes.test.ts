import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';
import { maskUrl } from './log-masking.js';

describe('maskUrl', () => {
  it.each([
    [
      '/media/upload-parts/u1/2?key=songs%2Fa.wav&expires=99&signature=abc123',
      '/media/upload-parts/u1/2?key=songs%2Fa.wav&expires=99&signature=[masked]',
    ],
    [
      '/media/signed/o.1700000000.SECRET/songs/x/a.m4a?download=Song.mp3',
      '/media/signed/[masked]/songs/x/a.m4a?download=Song.mp3',
    ],
    [
      '/x?X-Amz-Signature=s&X-Amz-Credential=AKIA%2F1&x-amz-security-token=t&sig=1&token=2&page=3',
      '/x?X-Amz-Signature=[masked]&X-Amz-Credential=[masked]&x-amz-security-token=[masked]&sig=[masked]&token=[masked]&page=3',
    ],
    ['/api/users/check-email/fan%40example.com', '/api/users/check-email/[email]'],
    ['/api/users/check-email/fan@example.com?next=a.b%40c.org', '/api/users/check-email/[email]?next=[email]'],
    ['/api/songs?page=2&limit=12', '/api/songs?page=2&limit=12'],
    [
      '/api/payments/local/connect/onboarding/acctlink_local_0123abcd',
      '/api/payments/local/connect/onboarding/[masked]',
    ],
    ['/connect/onboarding/acctlink_local_0123abcd?x=1', '/connect/onboarding/[masked]?x=1'],
  ])('%s', (url, masked) => {
    expect(maskUrl(url)).toBe(masked);
  });
});

describe('the request log', () => {
  it('shows no signatures, media tokens or email addresses', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
    try {
      const secrets = ['sig-SECRET-1', 'tok.SECRET.2', 'fan.secret@example.com'];
      await t.app.inject({ method: 'GET', url: `/media/upload-parts/u/1?key=k&expires=1&signature=${secrets[0]}` });
      await t.app.inject({ method: 'GET', url: `/media/signed/${secrets[1]}/songs/a/b.m4a` });
      await t.app.inject({ method: 'GET', url: `/api/users/check-email/${encodeURIComponent(secrets[2]!)}` });
      await t.app.inject({ method: 'GET', url: `/api/users/check-email/${secrets[2]}` });
      const log = lines.join('');
      expect(log).toContain('"url":"/api/users/check-email/[email]"');
      expect(log).toContain('/media/signed/[masked]/songs/a/b.m4a');
      for (const secret of [...secrets, encodeURIComponent(secrets[2]!), 'SECRET']) expect(log).not.toContain(secret);
    } finally {
      await t.close();
    }
  });
});
