import { hiFiveEntry, hiFiveRemoved } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artists } from '../../platform/db/schema/artists.js';
import { songs } from '../../platform/db/schema/catalogue.js';
import { hiFives } from '../../platform/db/schema/engagement.js';
import {
  createAdmin,
  createArtist,
  createSong,
  createUser,
  signIn,
  type TestArtist,
  type TestUser,
} from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let artist: TestArtist;
let fan: TestUser;
let fanCookie: string;
let otherCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({}, { poolSize: 12 });
  artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
  fan = await createUser(t.app);
  fanCookie = await signIn(t.app, fan);
  otherCookie = await signIn(t.app, await createUser(t.app));
  adminCookie = await signIn(t.app, await createAdmin(t.app));
});
afterAll(async () => t.close());

const body = (memberID: string, itemID: string) => ({ memberID, itemID, itemType: 'song' });

/** As the fan unless another cookie is given; null signs out. */
function give(payload: unknown, cookie: string | null = fanCookie) {
  return injectAs(t, cookie, {
    method: 'POST',
    url: '/api/hi-fives',
    payload: payload as object,
  });
}
function takeBack(entryId: string, cookie: string | null = fanCookie) {
  return injectAs(t, cookie, { method: 'DELETE', url: `/api/hi-fives/${entryId}` });
}

const freshSong = async (of: TestArtist = artist) => (await createSong(t.app, of.artistId, { status: 'ready' })).id;

/** What the rows say: the song's and the artist's hifives, and the entries they must equal. */
async function counts(songId: string) {
  const db = t.app.ctx.db;
  const [song] = await db
    .select({ hifives: songs.hifives, artistId: songs.artistId })
    .from(songs)
    .where(eq(songs.id, songId));
  const [owner] = await db.select({ hifives: artists.hifives }).from(artists).where(eq(artists.id, song!.artistId));
  const artistEntries = await db
    .select({ id: hiFives.id })
    .from(hiFives)
    .innerJoin(songs, eq(songs.id, hiFives.itemId))
    .where(eq(songs.artistId, song!.artistId));
  return {
    song: song!.hifives,
    songEntries: await db.$count(hiFives, eq(hiFives.itemId, songId)),
    artist: owner!.hifives,
    artistEntries: artistEntries.length,
  };
}

async function hiFivedOf(cookie: string): Promise<{ id: string; itemID: string }[]> {
  const res = await injectAs(t, cookie, { method: 'GET', url: '/api/users/session/profile' });
  return res.json().user.hiFived;
}

async function signedInMembers(n: number): Promise<{ user: TestUser; cookie: string }[]> {
  const members = [];
  for (let i = 0; i < n; i++) {
    const user = await createUser(t.app);
    members.push({ user, cookie: await signIn(t.app, user) });
  }
  return members;
}

describe('POST /api/hi-fives', () => {
  it('is 401 signed out', async () => {
    const res = await give(body(fan.id, await freshSong()), null);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it.each<[string, unknown, string]>([
    ['no fields', {}, 'memberID'],
    ['no memberID', { itemID: crypto.randomUUID(), itemType: 'song' }, 'memberID'],
    ['no itemID', { memberID: crypto.randomUUID(), itemType: 'song' }, 'itemID'],
    ['no itemType', { memberID: crypto.randomUUID(), itemID: crypto.randomUUID() }, 'itemType'],
    ['a memberID that is no uuid', body('42', crypto.randomUUID()), 'memberID'],
    ['an itemID that is no uuid', body(crypto.randomUUID(), 'song-1'), 'itemID'],
    ['itemType album', { ...body(crypto.randomUUID(), crypto.randomUUID()), itemType: 'album' }, 'itemType'],
    ['itemType null', { ...body(crypto.randomUUID(), crypto.randomUUID()), itemType: null }, 'itemType'],
    ['an array body', [body(crypto.randomUUID(), crypto.randomUUID())], 'body'],
  ])('is 400 for %s, naming the field', async (_case, payload, field) => {
    const res = await give(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    if (field !== 'body') expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it('is 415 for a body that is not JSON', async () => {
    const res = await give('hi five');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it("is 403 for anyone else's memberID, an admin's request too", async () => {
    const songId = await freshSong();
    for (const cookie of [otherCookie, adminCookie]) {
      const res = await give(body(fan.id, songId), cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'You can only do that as yourself.' });
    }
    expect(await counts(songId)).toMatchObject({ song: 0, songEntries: 0 });
  });

  it("is 404 'No such song.' for an unknown song, an unreleased one or an unapproved artist's", async () => {
    const pending = (await createSong(t.app, artist.artistId)).id;
    const hidden = await freshSong(await createArtist(t.app));
    for (const itemID of [crypto.randomUUID(), pending, hidden]) {
      const res = await give(body(fan.id, itemID));
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'No such song.' });
    }
    expect(await hiFivedOf(fanCookie)).toEqual([]);
  });

  it('adds the entry (201) with the new counts; a second POST answers the same entry (200) and counts nothing', async () => {
    const songId = await freshSong();
    const first = await give(body(fan.id, songId));
    expect(first.statusCode).toBe(201);
    const entry = hiFiveEntry.parse(first.json());
    expect(entry).toMatchObject({ _id: entry.id, memberID: fan.id, itemID: songId, itemType: 'song', hifives: 1 });
    expect(await counts(songId)).toMatchObject({ song: 1, songEntries: 1 });

    const again = await give(body(fan.id, songId));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(entry);
    expect(await counts(songId)).toMatchObject({ song: 1, songEntries: 1 });
    expect(await hiFivedOf(fanCookie)).toContainEqual({ id: entry.id, itemID: songId });
  });

  it("keeps the artist's count as the sum over all its songs", async () => {
    const band = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const [one, two] = [await freshSong(band), await freshSong(band)];
    const members = await signedInMembers(3);
    for (const { user, cookie } of members) expect((await give(body(user.id, one), cookie)).statusCode).toBe(201);
    expect((await give(body(members[0]!.user.id, two), members[0]!.cookie)).statusCode).toBe(201);
    expect(await counts(one)).toEqual({ song: 3, songEntries: 3, artist: 4, artistEntries: 4 });
    expect(await counts(two)).toEqual({ song: 1, songEntries: 1, artist: 4, artistEntries: 4 });
  });

  it("lets an artist Hi Five a song they may see, their own included, and leaves the artist's updatedAt alone", async () => {
    const band = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const cookie = await signIn(t.app, band);
    const songId = await freshSong(band);
    const [before] = await t.app.ctx.db.select().from(artists).where(eq(artists.id, band.artistId));
    expect((await give(body(band.id, songId), cookie)).statusCode).toBe(201);
    const [after] = await t.app.ctx.db.select().from(artists).where(eq(artists.id, band.artistId));
    expect(after!.hifives).toBe(1);
    expect(after!.updatedAt).toEqual(before!.updatedAt);
  });
});

describe('DELETE /api/hi-fives/{entryId}', () => {
  it('is 401 signed out and 400 for an id that is no uuid', async () => {
    expect((await takeBack(crypto.randomUUID(), null)).statusCode).toBe(401);
    const res = await takeBack('not-an-id');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', fields: { entryId: 'Not a Hi Five id.' } });
  });

  it("is 404 for someone else's entry (it stays) and for an unknown one", async () => {
    const songId = await freshSong();
    const entry = (await give(body(fan.id, songId))).json();
    for (const [id, cookie] of [
      [entry.id, otherCookie],
      [crypto.randomUUID(), fanCookie],
    ] as const) {
      const res = await takeBack(id, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'No such Hi Five.' });
    }
    expect(await counts(songId)).toMatchObject({ song: 1, songEntries: 1 });
  });

  it('removes the member’s own entry with the new counts; again is 404; a new Hi Five is a new entry', async () => {
    const songId = await freshSong();
    const other = (await signedInMembers(1))[0]!;
    await give(body(other.user.id, songId), other.cookie);
    const entry = (await give(body(fan.id, songId))).json();
    expect(await counts(songId)).toMatchObject({ song: 2, songEntries: 2 });

    const res = await takeBack(entry.id);
    expect(res.statusCode).toBe(200);
    expect(hiFiveRemoved.parse(res.json())).toEqual({ id: entry.id, deleted: true, itemID: songId, hifives: 1 });
    const after = await counts(songId);
    expect(after).toMatchObject({ song: 1, songEntries: 1 });
    expect(after.artist).toBe(after.artistEntries);
    expect(await hiFivedOf(fanCookie)).not.toContainEqual({ id: entry.id, itemID: songId });

    expect((await takeBack(entry.id)).statusCode).toBe(404);
    const renewed = await give(body(fan.id, songId));
    expect(renewed.statusCode).toBe(201);
    expect(renewed.json().id).not.toBe(entry.id);
    expect(await hiFivedOf(fanCookie)).toContainEqual({ id: renewed.json().id, itemID: songId });
  });

  it("lets an admin remove a member's entry", async () => {
    const songId = await freshSong();
    const entry = (await give(body(fan.id, songId))).json();
    const res = await takeBack(entry.id, adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: entry.id, hifives: 0 });
    expect(await counts(songId)).toMatchObject({ song: 0, songEntries: 0 });
  });
});

describe('Hi Five counts under concurrent clicks', () => {
  it('30 parallel POSTs by one member make one entry (one 201, the rest 200 with it) and count 1', async () => {
    const songId = await freshSong();
    const answers = await Promise.all(Array.from({ length: 30 }, () => give(body(fan.id, songId))));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(29).fill(200), 201].sort());
    expect(new Set(answers.map((res) => res.json().id)).size).toBe(1);
    const after = await counts(songId);
    expect(after).toMatchObject({ song: 1, songEntries: 1 });
    expect(after.artist).toBe(after.artistEntries);
  });

  it('10 members in parallel make 10', async () => {
    const songId = await freshSong();
    const members = await signedInMembers(10);
    const answers = await Promise.all(members.map(({ user, cookie }) => give(body(user.id, songId), cookie)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(201));
    const after = await counts(songId);
    expect(after).toMatchObject({ song: 10, songEntries: 10 });
    expect(after.artist).toBe(after.artistEntries);
  });

  it('a parallel mix of POSTs and DELETEs on two songs of one artist ends with counts equal to the entries', async () => {
    const band = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const songIds = [await freshSong(band), await freshSong(band)];
    const members = await signedInMembers(8);
    // Every member Hi Fives both songs; then, all at once, takes half back (twice over) and gives the rest again.
    const entries = new Map<string, string>();
    for (const { user, cookie } of members) {
      for (const songId of songIds)
        entries.set(`${user.id}:${songId}`, (await give(body(user.id, songId), cookie)).json().id);
    }
    const requests = members.flatMap(({ user, cookie }, index) =>
      songIds.flatMap((songId) => {
        const entryId = entries.get(`${user.id}:${songId}`)!;
        return index % 2 === 0
          ? [takeBack(entryId, cookie), takeBack(entryId, cookie), give(body(user.id, songId), cookie)]
          : [give(body(user.id, songId), cookie), give(body(user.id, songId), cookie)];
      }),
    );
    const answers = await Promise.all(requests);
    expect(answers.filter((res) => res.statusCode >= 500).map((res) => res.body)).toEqual([]);
    for (const songId of songIds) {
      const after = await counts(songId);
      expect(after.song).toBe(after.songEntries);
      expect(after.artist).toBe(after.artistEntries);
    }
    expect((await counts(songIds[0]!)).artistEntries).toBeGreaterThanOrEqual(8);
  });
});
