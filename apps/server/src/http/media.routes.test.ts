import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStorage } from '../platform/storage/storage.js';
import { generateBytes } from '../test/multipart-client.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
};

describe('signed media URLs', () => {
  let t: TestApp;
  let storage: ObjectStorage;
  const audio = generateBytes(1000, 3);
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: pathOf(url), headers });

  beforeAll(async () => {
    t = await createTestApp();
    storage = t.app.ctx.storage;
    await storage.put('songs/a1_Band/s1/download/Song.flac', audio, 'application/octet-stream');
    await storage.put('songs/a1_Band/s1/stream/master.m3u8', Buffer.from('#EXTM3U\n'), 'text/plain');
    await storage.put('songs/a1_Band/s1/stream/manifest.mpd', Buffer.from('<MPD/>'), 'text/plain');
    await storage.put('songs/a1_Band/s1/stream/init.mp4', Buffer.from('init'), 'application/octet-stream');
    await storage.put('songs/a1_Band/s1/stream/v0/seg-1.m4s', Buffer.from('segment'), 'application/octet-stream');
    await storage.put('songs/a1_Band/s1/original.wav', audio, 'audio/wav');
  });
  afterAll(async () => t.close());

  it('serves the whole object with its media type and Accept-Ranges', async () => {
    const url = await storage.presignGet('songs/a1_Band/s1/download/Song.flac', { expiresInSeconds: 60 });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/media\/signed\/o\.\d+\.[\w-]{43}\/songs\/a1_Band\//);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/flac');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe('1000');
    expect(res.rawPayload.equals(audio)).toBe(true);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('answers byte ranges with 206, suffix ranges, and 416 outside the object', async () => {
    const url = await storage.presignGet('songs/a1_Band/s1/download/Song.flac', { expiresInSeconds: 60 });
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=900-', 900, 999],
      ['bytes=-100', 900, 999],
      ['bytes=990-5000', 990, 999],
      ['bytes=-5000', 0, 999],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(url, { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(audio.subarray(start, end + 1))).toBe(true);
    }
    for (const range of ['bytes=1000-', 'bytes=1000-1200', 'bytes=-0', 'bytes=50-10', 'bytes=x-y']) {
      const res = await get(url, { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */1000');
    }
    expect((await get(url, { range: 'bytes=0-1,5-6' })).statusCode).toBe(200);
  });

  it('sends a download as an attachment under the name that was signed', async () => {
    const key = 'songs/a1_Band/s1/download/Song.flac';
    const url = await storage.presignGet(key, { expiresInSeconds: 60, downloadName: 'Band - Sóng.flac' });
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Band - S_ng.flac"; filename*=UTF-8''Band%20-%20S%C3%B3ng.flac`,
    );
    expect((await get(url.replace('download=', 'download=Other'))).statusCode).toBe(403);
    expect((await get(url.split('?')[0]!)).statusCode).toBe(403);
  });

  it('refuses a tampered, expired or borrowed token with 403', async () => {
    const key = 'songs/a1_Band/s1/download/Song.flac';
    const url = await storage.presignGet(key, { expiresInSeconds: 60 });
    const [, token] = /\/media\/signed\/([^/]+)\//.exec(url)!;
    const flipped = token!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = t.app.ctx.platform.signer.signMedia({ scope: 'object', key }, past);
    for (const bad of [
      url.replace(token!, flipped),
      url.replace(token!, expired),
      url.replace(/o\.(\d+)\./, (_m, exp: string) => `o.${Number(exp) + 100}.`),
      url.replace('Song.flac', 'Other.flac'),
      url.replace('download/Song.flac', 'original.wav'),
    ]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('lets one manifest URL open its segments by relative name, and nothing outside its folder', async () => {
    const manifestUrl = await storage.presignGet('songs/a1_Band/s1/stream/master.m3u8', {
      expiresInSeconds: 60,
      scope: 'folder',
    });
    const manifest = await get(manifestUrl);
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const expectations: [string, number, string?][] = [
      ['manifest.mpd', 200, 'application/dash+xml'],
      ['init.mp4', 200, 'audio/mp4'],
      ['v0/seg-1.m4s', 200, 'video/iso.segment'],
      ['../original.wav', 403],
      ['../../s2/stream/master.m3u8', 403],
    ];
    for (const [relative, status, type] of expectations) {
      const res = await get(new URL(relative, manifestUrl).toString());
      expect(res.statusCode, relative).toBe(status);
      if (type) expect(res.headers['content-type']).toBe(type);
    }
    expect((await get(new URL('v0/seg-1.m4s', manifestUrl).toString(), { range: 'bytes=0-2' })).body).toBe('seg');
  });

  it('answers 404 for a signed key that holds nothing', async () => {
    const url = await storage.presignGet('songs/a1_Band/s1/missing.flac', { expiresInSeconds: 60 });
    expect((await get(url)).statusCode).toBe(404);
  });

  it('still serves public images by key, and nothing else without a signature', async () => {
    await storage.put('profile-images/u1/me.png', Buffer.from('png'), 'image/png');
    const image = await t.app.inject({ method: 'GET', url: '/media/profile-images/u1/me.png' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const song = await t.app.inject({ method: 'GET', url: '/media/songs/a1_Band/s1/original.wav' });
    expect(song.statusCode).toBe(404);
  });
});
