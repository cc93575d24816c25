import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createUrlSigner, loadSigningSecret } from './url-signer.js';

describe('signing secret', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-secret-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is made once in DATA_DIR with mode 0600 and then reused, also by concurrent first starts', async () => {
    const [first, second] = await Promise.all([loadSigningSecret(dir, undefined), loadSigningSecret(dir, undefined)]);
    expect(first).toBe(second);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dir, 'signing-secret')).mode & 0o777).toBe(0o600);
    expect(await loadSigningSecret(dir, undefined)).toBe(first);
    expect(fs.readdirSync(dir)).toEqual(['signing-secret']);
  });

  it('is SIGNING_SECRET when that is set', async () => {
    expect(await loadSigningSecret(dir, 'x'.repeat(40))).toBe('x'.repeat(40));
  });
});

describe('URL signer', () => {
  const signer = createUrlSigner('a'.repeat(40));
  const other = createUrlSigner('b'.repeat(40));
  const later = Math.floor(Date.now() / 1000) + 60;

  it('binds a part signature to key, upload, part number and expiry', () => {
    const signature = signer.signUploadPart('songs/a.wav', 'u1', 2, later);
    expect(signer.verifyUploadPart('songs/a.wav', 'u1', 2, { expires: later, signature })).toBe(true);
    expect(signer.verifyUploadPart('songs/b.wav', 'u1', 2, { expires: later, signature })).toBe(false);
    expect(signer.verifyUploadPart('songs/a.wav', 'u2', 2, { expires: later, signature })).toBe(false);
    expect(signer.verifyUploadPart('songs/a.wav', 'u1', 3, { expires: later, signature })).toBe(false);
    expect(signer.verifyUploadPart('songs/a.wav', 'u1', 2, { expires: later + 1, signature })).toBe(false);
    expect(other.verifyUploadPart('songs/a.wav', 'u1', 2, { expires: later, signature })).toBe(false);
  });

  it('grants a folder token to keys below the folder only', () => {
    const token = signer.signMedia({ scope: 'folder', prefix: 'songs/a/stream/' }, later);
    expect(token.startsWith('f3.')).toBe(true);
    expect(signer.verifyMedia(token, 'songs/a/stream/x.m4s')).toEqual({ scope: 'folder', prefix: 'songs/a/stream/' });
    expect(signer.verifyMedia(token, 'songs/a/stream/v1/x.m4s')).not.toBeNull();
    expect(signer.verifyMedia(token, 'songs/a/other.wav')).toBeNull();
    expect(signer.verifyMedia(token, 'songs/b/stream/x.m4s')).toBeNull();
    expect(other.verifyMedia(token, 'songs/a/stream/x.m4s')).toBeNull();
  });
});
