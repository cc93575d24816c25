import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPicture, PICTURE_LIMITS, profileFromClaims } from './social-profile.js';

describe('profileFromClaims', () => {
  it("reads Facebook Graph's `me` (id, first_name, last_name, email, picture.data.url); its email counts as unverified", () => {
    const me = {
      id: '10158000000000001',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'Ada@Example.com',
      picture: {
        data: { height: 200, is_silhouette: false, url: 'https://platform-lookaside.fbsbx.com/p.jpg', width: 200 },
      },
    };
    expect(profileFromClaims(me)).toEqual({
      subject: '10158000000000001',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      emailVerified: false,
      pictureUrl: 'https://platform-lookaside.fbsbx.com/p.jpg',
    });
  });

  it("takes Facebook's default silhouette for no picture", () => {
    const me = { id: '1', picture: { data: { is_silhouette: true, url: 'https://x/silhouette.jpg' } } };
    expect(profileFromClaims(me)?.pictureUrl).toBeNull();
  });

  it('reads OpenID standard claims, splitting `name` when given and family names are missing', () => {
    expect(
      profileFromClaims({ sub: 's1', name: 'Grace Brewster Hopper', email_verified: true, email: 'g@h.io' }),
    ).toEqual({
      subject: 's1',
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      email: 'g@h.io',
      emailVerified: true,
      pictureUrl: null,
    });
  });

  it('drops an email that is not one, and answers null without a subject', () => {
    expect(profileFromClaims({ sub: 's', email: 'not an email' })?.email).toBe('');
    expect(profileFromClaims({ email: 'a@b.co' })).toBeNull();
  });
});

describe('fetchPicture (bounded: https or loopback, image types, size, no redirects)', () => {
  let server: http.Server;
  let base: string;
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    server = http.createServer((request, response) => {
      switch (request.url) {
        case '/ok.png':
          return response.writeHead(200, { 'content-type': 'image/png' }).end(png);
        case '/page.html':
          return response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
        case '/fake.png':
          return response.writeHead(200, { 'content-type': 'image/png' }).end('not a png at all');
        case '/huge.png':
          response.writeHead(200, { 'content-type': 'image/png' });
          for (let sent = 0; sent <= PICTURE_LIMITS.maxBytes; sent += 1024 * 1024)
            response.write(Buffer.alloc(1024 * 1024));
          return response.end();
        case '/moved.png':
          return response.writeHead(302, { location: '/ok.png' }).end();
        default:
          return response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers a re-encoded PNG data URL', async () => {
    expect(await fetchPicture(`${base}/ok.png`, { allowLoopbackHttp: true })).toMatch(/^data:image\/png;base64,/);
  });

  it.each(['/page.html', '/fake.png', '/huge.png', '/moved.png', '/missing.png'])('refuses %s', async (path) => {
    await expect(fetchPicture(`${base}${path}`, { allowLoopbackHttp: true })).rejects.toThrow();
  });

  it('refuses plain http unless the provider itself is on loopback', async () => {
    await expect(fetchPicture(`${base}/ok.png`, { allowLoopbackHttp: false })).rejects.toThrow(/not https/);
    await expect(fetchPicture('http://example.com/a.png', { allowLoopbackHttp: true })).rejects.toThrow(/not https/);
  });
});
