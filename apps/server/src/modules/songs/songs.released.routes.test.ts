import type { PagedSongs, PublicAlbum } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../platform/db/schema/billing.js';
import { createAlbum, createArtist, createSong, createUser, signIn, type TestArtist } from '../../test/factories.js';
import { createRouteCast, injectAs, type RouteCast } from '../../test/route-cast.js';
import type { TestApp } from '../../test/test-app.js';
import { updateArtistRow } from '../artists/artists.repository.js';

/**
 * One released rule for every read of songs (modules/access/released.ts): a list shows a song exactly when
 * GET /api/songs/{id} answers it. A song whose release date has not come is its artist's and the admins'
 * only; storage keys are in no answer.
 */

let t: TestApp;
let artist: TestArtist;
let cookie: RouteCast['cookie'] & { subscriber: string };
const ids = { out: '', future: '', album: '' };
const STORAGE_KEYS = ['streamFile', 'dashManifest', 'previewFile', 'downloadFile'];

/** A date a year from today, as the songs table stores it. */
function nextYear(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

const media = (artistId: string, name: string) => ({
  status: 'ready' as const,
  mediaPrefix: `songs/${artistId}/${name}/`,
  streamFile: `songs/${artistId}/${name}/hls/master.m3u8`,
  dashManifest: `songs/${artistId}/${name}/dash/manifest.mpd`,
  previewFile: `songs/${artistId}/${name}/preview.m4a`,
  downloadFile: `songs/${artistId}/${name}/song.flac`,
});

beforeAll(async () => {
  const cast = await createRouteCast({ isSearchable: true });
  ({ t, artist } = cast);
  const subscriber = await createUser(t.app);
  cookie = { ...cast.cookie, subscriber: await signIn(t.app, subscriber) };
  await t.app.ctx.db.insert(subscriptions).values({
    memberId: subscriber.id,
    artistId: artist.artistId,
    currentPeriodEnd: new Date(Date.now() + 365 * 24 * 3600 * 1000),
  });
  ids.out = (await createSong(t.app, artist.artistId, { title: 'Out Now', ...media(artist.artistId, 'out') })).id;
  ids.future = (
    await createSong(t.app, artist.artistId, {
      title: 'Not Yet',
      isrc: 'USS1Z9900001',
      songWriters: 'Secret Writer',
      releaseDate: nextYear(),
      ...media(artist.artistId, 'future'),
    })
  ).id;
  ids.album = (await createAlbum(t.app, artist.artistId, { songIds: [ids.out, ids.future] })).id;
});
afterAll(async () => t.close());

function get(who: keyof typeof cookie | 'anonymous', url: string) {
  return injectAs(t, who === 'anonymous' ? undefined : cookie[who], { method: 'GET', url });
}
async function listedIds(who: keyof typeof cookie | 'anonymous', url: string): Promise<string[]> {
  const res = await get(who, url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as PagedSongs).items.map((song) => song.id);
}

const LISTS = () => ['/api/songs?limit=100', `/api/songs/artist/${artist.artistId}?limit=100`];

describe('a song whose release date has not come', () => {
  it.each(['anonymous', 'fan', 'subscriber', 'otherArtist'] as const)(
    'is in no list %s reads, as GET /api/songs/{id} and /play answer 404',
    async (who) => {
      for (const url of LISTS()) {
        const listed = await listedIds(who, url);
        expect(listed, url).toContain(ids.out);
        expect(listed, url).not.toContain(ids.future);
      }
      expect((await get(who, `/api/songs/${ids.future}`)).statusCode).toBe(404);
      expect((await get(who, `/api/songs/${ids.future}/play`)).statusCode).toBe(404);
      expect((await get(who, `/api/albums/${ids.album}`)).json().songs).toEqual([ids.out]);
      const albums = (await get(who, `/api/albums/artist/${artist.artistId}`)).json() as PublicAlbum[];
      expect(albums.find((album) => album.id === ids.album)?.songs).toEqual([ids.out]);
    },
  );

  it.each(['artist', 'admin'] as const)('is listed to %s, as the song itself is', async (who) => {
    for (const url of LISTS()) expect(await listedIds(who, url), url).toContain(ids.future);
    expect((await get(who, `/api/songs/${ids.future}`)).statusCode).toBe(200);
    expect((await get(who, `/api/albums/${ids.album}`)).json().songs).toEqual([ids.out, ids.future]);
  });
});

describe('an artist who has left (CANCELLED)', () => {
  it('lists its released songs to a subscriber in term only, as GET /api/songs/{id} does', async () => {
    const leaving = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const song = await createSong(t.app, leaving.artistId, { status: 'ready' });
    const subscriber = await createUser(t.app);
    await t.app.ctx.db.insert(subscriptions).values({
      memberId: subscriber.id,
      artistId: leaving.artistId,
      currentPeriodEnd: new Date(Date.now() + 365 * 24 * 3600 * 1000),
    });
    await updateArtistRow(t.app.ctx.db, leaving.artistId, { status: 'CANCELLED', terminatedAt: new Date() });
    const url = `/api/songs/artist/${leaving.artistId}`;
    const inTerm = { cookie: await signIn(t.app, subscriber) };
    const listed = await t.app.inject({ method: 'GET', url, headers: inTerm });
    expect((listed.json() as PagedSongs).items.map((item) => item.id)).toEqual([song.id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/songs/${song.id}`, headers: inTerm })).statusCode).toBe(200);
    expect(await listedIds('fan', url)).toEqual([]);
    expect((await get('fan', `/api/songs/${song.id}`)).statusCode).toBe(404);
  });
});

describe('storage keys', () => {
  it.each(['anonymous', 'fan', 'artist', 'admin'] as const)('are in no song answer to %s', async (who) => {
    const answers = [
      ...LISTS().map((url) => get(who, url)),
      get(who, `/api/songs/${ids.out}`),
      ...(who === 'artist' || who === 'admin' ? [get(who, `/api/songs/${ids.future}`)] : []),
    ];
    for (const res of await Promise.all(answers)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(`songs/${artist.artistId}/`);
      const body = res.json();
      for (const song of 'items' in body ? body.items : [body]) {
        for (const key of STORAGE_KEYS) expect(song, `${key} to ${who}`).not.toHaveProperty(key);
      }
    }
  });
});
