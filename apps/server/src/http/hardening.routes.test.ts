import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../platform/db/schema.js';
import { createArtist, createSong, createUser, signIn } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { injectAs } from '../test/route-cast.js';

const login = (t: TestApp, userName: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { userName, password: 'Not-The-Password-1!' },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('rate limits cannot be dodged', () => {
  it('ignores X-Forwarded-For unless a proxy is trusted', async () => {
    const t = await createTestApp({ RATE_LIMIT_MAX: '3' });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await login(t, `nobody${i}@example.com`, `10.0.0.${i}`)).statusCode);
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await t.close();
    }
  });

  it('limits guesses at one account from many addresses', async () => {
    const t = await createTestApp({ RATE_LIMIT_MAX: '3', TRUST_PROXY: 'true' });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await login(t, 'target@example.com', `10.0.1.${i}`)).statusCode);
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      expect((await login(t, 'someone-else@example.com', '10.0.2.1')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('change-password is rate limited', () => {
  const changePassword = (t: TestApp, user: { id: string }, cookie: string, remoteAddress: string) =>
    injectAs(t, cookie, {
      method: 'PUT',
      url: `/api/users/password/${user.id}`,
      payload: { currentPassword: 'Wr0ng!Guess', password: 'N3w!Password', confirmPassword: 'N3w!Password' },
      remoteAddress,
    });
  const signInFrom = async (t: TestApp, user: { email: string; password: string }, remoteAddress: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { userName: user.email, password: user.password },
      remoteAddress,
    });
    return `hfm_session=${res.cookies.find((c) => c.name === 'hfm_session')!.value}`;
  };

  it('per address and per account, like the other identity routes', async () => {
    const t = await createTestApp({ RATE_LIMIT_MAX: '3' });
    try {
      const [one, two] = [await createUser(t.app), await createUser(t.app)];
      const cookies = [await signInFrom(t, one, '10.1.0.1'), await signInFrom(t, two, '10.1.0.2')];
      const fromOneAddress = [];
      for (let i = 0; i < 4; i++)
        fromOneAddress.push((await changePassword(t, one, cookies[0]!, '10.2.0.1')).statusCode);
      expect(fromOneAddress).toEqual([400, 400, 400, 429]);
      expect((await changePassword(t, two, cookies[1]!, '10.2.0.1')).statusCode).toBe(429);
      expect((await changePassword(t, one, cookies[0]!, '10.2.0.2')).statusCode).toBe(429);
      expect((await changePassword(t, two, cookies[1]!, '10.2.0.3')).statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});

describe('odd input gets a 4xx, never a 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('refuses NUL characters in bodies, params and queries', async () => {
    const artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const cookie = await signIn(t.app, artist);
    const song = await injectAs(t, cookie, {
      method: 'POST',
      url: '/api/songs',
      payload: { title: 'a\u0000b', releaseDate: '01/01/2024' },
    });
    expect(song.statusCode).toBe(400);
    expect((await login(t, 'a\u0000b@example.com')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/check-email/a%00b@c.com' })).statusCode).toBe(400);
  });

  it('answers 404 for a malformed escape in a media path', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/media/profile-images/%25E0%25A4' })).statusCode).toBe(404);
  });

  it('answers 400 for a broken multipart body on the direct song upload', async () => {
    const artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const cookie = await signIn(t.app, artist);
    const song = await createSong(t.app, artist.artistId);
    const res = await injectAs(t, cookie, {
      method: 'POST',
      url: `/api/songs/upload/${song.id}`,
      payload: '--abc\r\nnonsense',
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('a cancelled subscription', () => {
  it('no longer streams in full or downloads', async () => {
    const t = await createTestApp();
    try {
      const artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
      const song = await createSong(t.app, artist.artistId, {
        status: 'ready',
        streamFile: 'songs/x/stream/master.m3u8',
        previewFile: 'songs/x/preview/preview.m4a',
        downloadFiles: {
          flac: 'songs/x/download/song.flac',
          mp3: 'songs/x/download/song.mp3',
          wav: 'songs/x/download/song.wav',
        },
      });
      const fan = await createUser(t.app);
      await t.app.ctx.db.insert(subscriptions).values({
        memberId: fan.id,
        artistId: artist.artistId,
        status: 'canceled',
        currentPeriodEnd: new Date(Date.now() + 30 * 24 * 3600 * 1000),
      });
      const cookie = await signIn(t.app, fan);
      const download = await injectAs(t, cookie, {
        method: 'GET',
        url: `/api/songs/${song.id}/download`,
      });
      expect(download.statusCode).toBe(403);
      const play = await injectAs(t, cookie, { method: 'GET', url: `/api/songs/${song.id}/play` });
      expect(play.json().full).toBe(false);
    } finally {
      await t.close();
    }
  });
});
