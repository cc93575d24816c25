import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albums, albumSongs, hiFives, songs, subscriptions } from '../../platform/db/schema.js';
import { createAdmin, createArtist, createUser, signIn } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string, cookie?: string) => injectAs(t, cookie, { method: 'GET', url });

describe('GET /api/users/session/profile and GET /api/initial', () => {
  it('answer 401 when signed out, or with a cookie that names no session', async () => {
    for (const url of ['/api/users/session/profile', '/api/initial']) {
      expect((await get(url)).statusCode).toBe(401);
      const res = await get(url, 'hfm_session=made-up-token');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('give a fan their user, no artist, empty songs and albums and empty stats', async () => {
    const fan = await createUser(t.app);
    const cookie = await signIn(t.app, fan);
    const profile = await get('/api/users/session/profile', cookie);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ user: { id: fan.id, role: 'SUBSCRIBER' }, artist: null });
    const initial = await get('/api/initial', cookie);
    expect(initial.json()).toEqual({
      data: {
        stats: { mostListenedToSong: null, mostHifivedSong: null },
        user: profile.json().user,
        artist: null,
        songs: [],
        albums: [],
      },
    });
    expect(JSON.stringify(initial.json())).not.toMatch(/password|argon2/i);
  });

  it('give an admin no artist', async () => {
    const admin = await createAdmin(t.app);
    const res = await get('/api/initial', await signIn(t.app, admin));
    expect(res.json().data).toMatchObject({ user: { role: 'ADMIN' }, artist: null, songs: [], albums: [] });
  });

  it('give an artist without songs empty lists and null stats', async () => {
    const artist = await createArtist(t.app);
    const res = await get('/api/initial', await signIn(t.app, artist));
    expect(res.json().data).toMatchObject({
      stats: { mostListenedToSong: null, mostHifivedSong: null },
      artist: { id: artist.artistId, userID: artist.id },
      songs: [],
      albums: [],
    });
  });

  it('give an artist their songs, albums and stats from plays and Hi Fives; nobody else’s', async () => {
    const artist = await createArtist(t.app);
    const other = await createArtist(t.app);
    const [quiet, loud, loved] = await t.app.ctx.db
      .insert(songs)
      .values([
        { artistId: artist.artistId, title: 'Quiet One', plays: 1, hifives: 0 },
        { artistId: artist.artistId, title: 'Loud One', plays: 90, hifives: 2 },
        { artistId: artist.artistId, title: 'Loved One', plays: 5, hifives: 40, releaseDate: '2024-03-09' },
      ])
      .returning();
    await t.app.ctx.db
      .insert(songs)
      .values({ artistId: other.artistId, title: 'Not Mine', plays: 1000, hifives: 1000 });
    const [album] = await t.app.ctx.db.insert(albums).values({ artistId: artist.artistId, name: 'First' }).returning();
    await t.app.ctx.db.insert(albumSongs).values([
      { albumId: album!.id, songId: loved!.id, position: 0 },
      { albumId: album!.id, songId: quiet!.id, position: 1 },
    ]);
    const cookie = await signIn(t.app, artist);

    const { data } = (await get('/api/initial', cookie)).json();
    expect(data.stats).toEqual({
      mostListenedToSong: { _id: loud!.id, id: loud!.id, title: 'Loud One' },
      mostHifivedSong: { _id: loved!.id, id: loved!.id, title: 'Loved One' },
    });
    expect(data.songs.map((song: { title: string }) => song.title).sort()).toEqual([
      'Loud One',
      'Loved One',
      'Quiet One',
    ]);
    expect(data.songs.find((song: { id: string }) => song.id === loved!.id)).toMatchObject({
      releaseDate: '03/09/2024',
      albumIDs: [album!.id],
    });
    expect(data.albums).toEqual([
      expect.objectContaining({ id: album!.id, name: 'First', songs: [loved!.id, quiet!.id] }),
    ]);

    const profile = (await get('/api/users/session/profile', cookie)).json();
    expect(profile.user.id).toBe(artist.id);
    expect(profile.artist).toMatchObject({ id: artist.artistId, name: artist.artist.name, genre: { label: 'Rock' } });
    expect(profile.artist.songs).toHaveLength(3);
    expect(profile.artist.albums).toHaveLength(1);
  });

  it('show a member’s active subscriptions (subscribedTo) and Hi Fives (hiFived)', async () => {
    const fan = await createUser(t.app);
    const current = await createArtist(t.app);
    const lapsed = await createArtist(t.app);
    const [song] = await t.app.ctx.db.insert(songs).values({ artistId: current.artistId, title: 'High' }).returning();
    const year = 365 * 24 * 3600 * 1000;
    await t.app.ctx.db.insert(subscriptions).values([
      { memberId: fan.id, artistId: current.artistId, currentPeriodEnd: new Date(Date.now() + year) },
      { memberId: fan.id, artistId: lapsed.artistId, currentPeriodEnd: new Date(Date.now() - 1000) },
    ]);
    const [hiFive] = await t.app.ctx.db.insert(hiFives).values({ userId: fan.id, itemId: song!.id }).returning();
    const { user } = (await get('/api/users/session/profile', await signIn(t.app, fan))).json();
    expect(user.subscribedTo).toEqual([{ artistID: current.artistId }]);
    expect(user.hiFived).toEqual([{ id: hiFive!.id, itemID: song!.id }]);
  });
});
