import { PEAK_SCALE } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtist, createSong, createUser, signIn, type TestArtist } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let artist: TestArtist;
const cookie: Record<'artist' | 'otherArtist' | 'fan', string> = {} as never;
const PEAKS = Array.from({ length: 1000 }, (_, index) => Math.round(Math.abs(Math.sin(index / 7)) * 1000) / 1000);

beforeAll(async () => {
  t = await createTestApp();
  artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
  cookie.artist = await signIn(t.app, artist);
  cookie.otherArtist = await signIn(t.app, await createArtist(t.app, { artist: { status: 'ACTIVE' } }));
  cookie.fan = await signIn(t.app, await createUser(t.app));
});
afterAll(async () => t.close());

const get = (url: string, who?: string) => injectAs(t, who, { method: 'GET', url });

function decode(base64: string): number[] {
  return [...Buffer.from(base64, 'base64')];
}

describe('song lists carry no peaks', () => {
  it('leaves the waveform out of every list and the single song', async () => {
    const song = await createSong(t.app, artist.artistId, { status: 'ready', peaks: PEAKS });
    const lists = [
      get(`/api/songs/artist/${artist.artistId}?page=1&limit=12`, cookie.artist),
      get('/api/songs?page=1&limit=12', cookie.fan),
    ];
    for (const response of await Promise.all(lists)) {
      const items = response.json().items as Record<string, unknown>[];
      expect(items.map((item) => item.id)).toContain(song.id);
      for (const item of items) expect(item).not.toHaveProperty('peaks');
    }
    const initial = (await get('/api/initial', cookie.artist)).json();
    expect(initial.data.songs.map((item: { id: string }) => item.id)).toContain(song.id);
    for (const item of initial.data.songs) expect(item).not.toHaveProperty('peaks');
    expect((await get(`/api/songs/${song.id}`, cookie.fan)).json()).not.toHaveProperty('peaks');
  });
});

describe('GET /api/songs/{id}/peaks', () => {
  it('answers one byte per peak in base64, 0 silence to 255 full scale', async () => {
    const song = await createSong(t.app, artist.artistId, { status: 'ready', peaks: PEAKS });
    const response = await get(`/api/songs/${song.id}/peaks`, cookie.fan);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: song.id, count: 1000 });
    const bytes = decode(body.peaks);
    expect(bytes).toHaveLength(1000);
    bytes.forEach((byte, index) => expect(Math.abs(byte / PEAK_SCALE - PEAKS[index]!)).toBeLessThanOrEqual(0.5 / 255));
    expect(response.body.length).toBeLessThan(1500);
  });

  it('answers no peaks for a song not transcoded yet, to its artist', async () => {
    const song = await createSong(t.app, artist.artistId);
    const response = await get(`/api/songs/${song.id}/peaks`, cookie.artist);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: song.id, count: 0, peaks: '' });
  });

  it("hides another artist's unreleased song, and answers 404 for no song or a bad id", async () => {
    const pending = await createSong(t.app, artist.artistId, { peaks: PEAKS });
    expect((await get(`/api/songs/${pending.id}/peaks`, cookie.otherArtist)).statusCode).toBe(404);
    expect((await get(`/api/songs/${pending.id}/peaks`)).statusCode).toBe(404);
    expect((await get(`/api/songs/${crypto.randomUUID()}/peaks`, cookie.fan)).statusCode).toBe(404);
    expect((await get('/api/songs/not-an-id/peaks', cookie.fan)).statusCode).toBe(400);
  });
});
