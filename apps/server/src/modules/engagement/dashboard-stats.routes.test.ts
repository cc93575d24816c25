import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSongListens } from '../../platform/db/schema/engagement.js';
import { createArtist, createSong, createUser, signIn, type TestArtist } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { injectAs } from '../../test/route-cast.js';

/** The artist dashboard's stats (GET /api/initial) read plays and hifives: they follow listens and Hi Fives. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Member {
  id: string;
  cookie: string;
}

async function member(): Promise<Member> {
  const user = await createUser(t.app);
  return { id: user.id, cookie: await signIn(t.app, user) };
}

async function listen(who: Member, songId: string) {
  const res = await injectAs(t, who.cookie, {
    method: 'POST',
    url: '/api/mzd-events',
    payload: {
      memberID: who.id,
      itemID: songId,
      itemType: 'song',
      eventPayload: { action: 'listen', clientTime: new Date().toISOString() },
    },
  });
  expect(res.statusCode).toBe(201);
}

async function hiFive(who: Member, songId: string): Promise<string> {
  const res = await injectAs(t, who.cookie, {
    method: 'POST',
    url: '/api/hi-fives',
    payload: { memberID: who.id, itemID: songId, itemType: 'song' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

async function takeBack(who: Member, entryId: string) {
  const res = await injectAs(t, who.cookie, {
    method: 'DELETE',
    url: `/api/hi-fives/${entryId}`,
  });
  expect(res.statusCode).toBe(200);
}

async function stats(artist: TestArtist, cookie: string) {
  const res = await injectAs(t, cookie, { method: 'GET', url: '/api/initial' });
  expect(res.statusCode).toBe(200);
  const { mostListenedToSong, mostHifivedSong } = res.json().data.stats;
  expect(res.json().data.artist.id).toBe(artist.artistId);
  return { mostListenedToSong: mostListenedToSong?.title ?? null, mostHifivedSong: mostHifivedSong?.title ?? null };
}

describe("the artist dashboard's stats follow listens and Hi Fives", () => {
  it('names the most listened to and the most Hi Fived song as fans act, and never counts the artist', async () => {
    const artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const cookie = await signIn(t.app, artist);
    const song = async (title: string) => (await createSong(t.app, artist.artistId, { status: 'ready', title })).id;
    const [anthem, ballad] = [await song('Anthem'), await song('Ballad')];
    const [ann, bob, cat] = [await member(), await member(), await member()];

    expect(await stats(artist, cookie)).toEqual({ mostListenedToSong: null, mostHifivedSong: null });
    // The artist plays their own song on a loop: it does not become the most listened to.
    for (let i = 0; i < 5; i++) await listen({ id: artist.id, cookie }, ballad);
    expect((await stats(artist, cookie)).mostListenedToSong).toBeNull();

    // A fan's loop counts once in the window (1); two other fans outweigh it (2).
    for (let i = 0; i < 10; i++) await listen(ann, anthem);
    expect(await stats(artist, cookie)).toEqual({ mostListenedToSong: 'Anthem', mostHifivedSong: null });
    await listen(bob, ballad);
    await listen(cat, ballad);
    expect((await stats(artist, cookie)).mostListenedToSong).toBe('Ballad');

    // Ann's listen after the window counts again (2), and Bob's makes 3.
    await t.app.ctx.db
      .update(memberSongListens)
      .set({ lastCountedAt: sql`now() - interval '31 minutes'` })
      .where(and(eq(memberSongListens.memberId, ann.id), eq(memberSongListens.songId, anthem)));
    await listen(ann, anthem);
    await listen(bob, anthem);
    expect((await stats(artist, cookie)).mostListenedToSong).toBe('Anthem');

    const annsAnthem = await hiFive(ann, anthem);
    expect((await stats(artist, cookie)).mostHifivedSong).toBe('Anthem');
    const bobsBallad = await hiFive(bob, ballad);
    const catsBallad = await hiFive(cat, ballad);
    expect((await stats(artist, cookie)).mostHifivedSong).toBe('Ballad');

    // Taking Hi Fives back moves it again; with none left there is no most Hi Fived song.
    await takeBack(bob, bobsBallad);
    await takeBack(cat, catsBallad);
    expect((await stats(artist, cookie)).mostHifivedSong).toBe('Anthem');
    await takeBack(ann, annsAnthem);
    expect(await stats(artist, cookie)).toEqual({ mostListenedToSong: 'Anthem', mostHifivedSong: null });
  });
});
