import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtist, createUser, multipart, signIn } from '../test/factories.js';
import { formEnd, formPart, listen, streamPost } from '../test/raw-http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { injectAs } from '../test/route-cast.js';

const MiB = 1024 * 1024;
const boundary = 'hfm-attack-boundary';
const formHeaders = { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' };

function* fields(names: string[], size: number) {
  for (const name of names) yield* formPart(boundary, name, size);
  yield* formEnd(boundary);
}

function* files(names: string[], size: number) {
  for (const name of names) yield* formPart(boundary, name, size, { fileName: `${name}.png`, type: 'image/png' });
  yield* formEnd(boundary);
}

const signUpNames = ['artist', 'user', 's3Path', 'imageData', 'bannerImageData'];

/** Bodies a signed-out client can send to the sign-up; before the limits each made the server hold 70-380 MiB. */
const signUpAttacks = {
  'twenty fields of 19 MiB': () =>
    fields([...signUpNames, ...Array.from({ length: 15 }, (_, i) => `extra${i}`)], 19 * MiB),
  'four files of 19 MiB': () => files(['imageData', 'bannerImageData', 'photo', 'other'], 19 * MiB),
  'two data-URL images of 19 MiB': () => fields(['imageData', 'bannerImageData'], 19 * MiB),
  'a 60 MiB JSON part': () => fields(['artist'], 60 * MiB),
};

/** The highest resident memory seen while `work` runs, sampled every few milliseconds. */
async function peakRssDuring(work: () => Promise<void>): Promise<number> {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage.rss());
}

describe('multipart bodies are bounded by the route', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    port = await listen(t.app);
  });
  afterAll(async () => t.close());

  it('holds no more than a form’s budget however a signed-out client shapes the sign-up body', async () => {
    const before = process.memoryUsage.rss();
    const statuses: number[] = [];
    const peak = await peakRssDuring(async () => {
      const attacks = Object.values(signUpAttacks);
      for (let round = 0; round < 3; round++) {
        for (let pair = 0; pair < attacks.length; pair += 2) {
          const answers = await Promise.all(
            attacks
              .slice(pair, pair + 2)
              .map((body) => streamPost(port, { path: '/api/artists/create', headers: formHeaders, body: body() })),
          );
          statuses.push(...answers);
        }
      }
    });
    const grown = peak - before;
    for (const status of statuses) expect([400, 413]).toContain(status);
    // Two requests at a time, each allowed about 20 MiB (plus garbage not yet collected); without the limits
    // one request of twenty fields alone held about 380 MiB.
    expect(grown).toBeLessThan(200 * MiB);
  });

  it('refuses a declared length over the budget before reading the body', async () => {
    const status = await streamPost(port, {
      path: '/api/artists/create',
      headers: { 'content-type': formHeaders['content-type'], 'content-length': String(5 * 1024 * MiB) },
      body: fields(['artist'], 2 * MiB),
    });
    expect(status).toBe(413);
  });

  it('counts the parts of each route: unknown, repeated, too many and too large parts are refused', async () => {
    const fan = await createUser(t.app);
    const cookie = await signIn(t.app, fan);
    const send = (parts: Parameters<typeof multipart>[0]) => {
      const form = multipart(parts);
      return injectAs(t, cookie, {
        method: 'POST',
        url: `/api/profile-image/upload/${fan.id}`,
        payload: form.payload,
        headers: form.headers,
      });
    };
    expect((await send([{ name: 'other', data: 'x' }])).statusCode).toBe(400);
    expect((await send([{ name: 'constructor', data: 'x' }])).statusCode).toBe(400);
    expect(
      (
        await send([
          { name: 'fileName', data: 'a.png' },
          { name: 'fileName', data: 'b.png' },
        ])
      ).statusCode,
    ).toBe(400);
    expect((await send([{ name: 'fileName', data: 'x'.repeat(2000) }])).statusCode).toBe(413);
    const tooMany = Array.from({ length: 6 }, (_, i) => ({ name: `field${i}`, data: 'x' }));
    expect([400, 413]).toContain((await send(tooMany)).statusCode);
    const twoFiles = ['imageData', 'other'].map((name) => ({ name, data: 'x', fileName: 'a.png', type: 'image/png' }));
    expect((await send(twoFiles)).statusCode).toBe(400);
    const bigFile = { name: 'imageData', data: Buffer.alloc(16 * MiB), fileName: 'a.png', type: 'image/png' };
    expect((await send([bigFile])).statusCode).toBe(413);
  });

  it('answers a refused caller before reading the form', async () => {
    const fan = await createUser(t.app);
    const other = await createUser(t.app);
    const artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const fanCookie = await signIn(t.app, fan);
    // Each body never ends: an answer can only come from a check made before the form is read.
    function* endless() {
      yield* formPart(boundary, 'fileName', 10);
      for (;;) yield* formPart(boundary, 'path', 10);
    }
    const post = (path: string, cookie?: string) =>
      streamPost(port, { path, headers: { ...formHeaders, ...(cookie ? { cookie } : {}) }, body: endless() });
    expect(await post(`/api/profile-image/upload/${fan.id}`)).toBe(401);
    expect(await post(`/api/profile-image/upload/${other.id}`, fanCookie)).toBe(403);
    expect(await post(`/api/banner-image/upload/${artist.artistId}`, fanCookie)).toBe(403);
    expect(await post(`/api/artist-photo/upload/${artist.artistId}`, fanCookie)).toBe(403);
  });
});
