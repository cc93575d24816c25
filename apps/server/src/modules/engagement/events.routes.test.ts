import { eventAnswer } from '@hfm/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songs } from '../../platform/db/schema/catalogue.js';
import { events, memberSongListens, songPlayMonths } from '../../platform/db/schema/engagement.js';
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
let artistCookie: string;
let adminCookie: string;
let song: string;

beforeAll(async () => {
  // More connections than the default 4, so parallel listens really race on PostgreSQL.
  t = await createTestApp({}, { poolSize: 12 });
  artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
  fan = await createUser(t.app);
  fanCookie = await signIn(t.app, fan);
  otherCookie = await signIn(t.app, await createUser(t.app));
  artistCookie = await signIn(t.app, artist);
  adminCookie = await signIn(t.app, await createAdmin(t.app));
  song = (await createSong(t.app, artist.artistId, { status: 'ready' })).id;
});
afterAll(async () => t.close());

const CLIENT_TIME = '2025-06-01T12:00:00.000Z';

function body(memberID: string, itemID: string, action = 'listen', clientTime = CLIENT_TIME) {
  return { memberID, itemID, itemType: 'song', eventPayload: { action, clientTime } };
}

/** As the fan unless another cookie is given; null signs out. */
function post(payload: unknown, cookie: string | null = fanCookie) {
  return injectAs(t, cookie, {
    method: 'POST',
    url: '/api/mzd-events',
    payload: payload as object,
  });
}

async function playsOf(songId: string): Promise<number> {
  const [row] = await t.app.ctx.db.select({ plays: songs.plays }).from(songs).where(eq(songs.id, songId));
  return row!.plays;
}

/** The song's plays by UTC month, as the artist's plays over time read them. */
async function playMonthsOf(songId: string): Promise<{ month: string; plays: number; artistId: string }[]> {
  return t.app.ctx.db
    .select({ month: songPlayMonths.month, plays: songPlayMonths.plays, artistId: songPlayMonths.artistId })
    .from(songPlayMonths)
    .where(eq(songPlayMonths.songId, songId));
}

const thisMonth = () => `${new Date().toISOString().slice(0, 7)}-01`;

/** Moves the member's last counted listen of the song this many minutes into the past. */
async function countedMinutesAgo(memberId: string, songId: string, minutes: number): Promise<void> {
  await t.app.ctx.db
    .update(memberSongListens)
    .set({ lastCountedAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(and(eq(memberSongListens.memberId, memberId), eq(memberSongListens.songId, songId)));
}

const freshSong = async () => (await createSong(t.app, artist.artistId, { status: 'ready' })).id;

describe('POST /api/mzd-events', () => {
  it('is 401 signed out', async () => {
    const res = await post(body(fan.id, song), null);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it.each<[string, unknown, string]>([
    ['no body fields', {}, 'memberID'],
    ['no memberID', { itemID: crypto.randomUUID(), itemType: 'song', eventPayload: {} }, 'memberID'],
    ['no itemID', { ...body(crypto.randomUUID(), crypto.randomUUID()), itemID: undefined }, 'itemID'],
    ['no itemType', { ...body(crypto.randomUUID(), crypto.randomUUID()), itemType: undefined }, 'itemType'],
    ['no eventPayload', { ...body(crypto.randomUUID(), crypto.randomUUID()), eventPayload: undefined }, 'eventPayload'],
    [
      'no action',
      { ...body(crypto.randomUUID(), crypto.randomUUID()), eventPayload: { clientTime: CLIENT_TIME } },
      'eventPayload.action',
    ],
    [
      'no clientTime',
      { ...body(crypto.randomUUID(), crypto.randomUUID()), eventPayload: { action: 'listen' } },
      'eventPayload.clientTime',
    ],
    ['a memberID that is no uuid', body('fan-1', crypto.randomUUID()), 'memberID'],
    ['an itemID that is no uuid', body(crypto.randomUUID(), "1'; drop table songs; --"), 'itemID'],
    ['itemType album', { ...body(crypto.randomUUID(), crypto.randomUUID()), itemType: 'album' }, 'itemType'],
    ['action dance', body(crypto.randomUUID(), crypto.randomUUID(), 'dance'), 'eventPayload.action'],
    [
      'clientTime in words',
      body(crypto.randomUUID(), crypto.randomUUID(), 'listen', 'yesterday'),
      'eventPayload.clientTime',
    ],
    [
      'clientTime a date only',
      body(crypto.randomUUID(), crypto.randomUUID(), 'listen', '2025-06-01'),
      'eventPayload.clientTime',
    ],
    [
      'clientTime on a day that does not exist',
      body(crypto.randomUUID(), crypto.randomUUID(), 'listen', '2025-02-30T10:00:00Z'),
      'eventPayload.clientTime',
    ],
    [
      'clientTime in year 0 (PostgreSQL has none)',
      body(crypto.randomUUID(), crypto.randomUUID(), 'listen', '0000-06-01T10:00:00Z'),
      'eventPayload.clientTime',
    ],
    [
      'clientTime a number',
      { ...body(crypto.randomUUID(), crypto.randomUUID()), eventPayload: { action: 'listen', clientTime: 1717243200 } },
      'eventPayload.clientTime',
    ],
    ['an array', [body(crypto.randomUUID(), crypto.randomUUID())], 'body'],
  ])('is 400 for %s, naming the field', async (_case, payload, field) => {
    const res = await post(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(Object.keys(res.json().error.fields ?? { body: '' })).toContain(field);
  });

  it('is 400 for a body that is not JSON', async () => {
    const res = await injectAs(t, fanCookie, {
      method: 'POST',
      url: '/api/mzd-events',
      payload: '{"memberID":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });

  it("is 403 for anyone else's memberID (an admin's too, and an unknown one), before the song is looked up", async () => {
    for (const [cookie, memberID] of [
      [otherCookie, fan.id],
      [adminCookie, fan.id],
      [fanCookie, crypto.randomUUID()],
    ] as const) {
      const res = await post(body(memberID, crypto.randomUUID()), cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'You can only do that as yourself.' });
    }
  });

  it("is 404 'No such song.' for a song that does not exist or that the member may not see", async () => {
    const pending = (await createSong(t.app, artist.artistId)).id;
    const hidden = await createSong(t.app, (await createArtist(t.app)).artistId, { status: 'ready' });
    for (const itemID of [crypto.randomUUID(), pending, hidden.id]) {
      const res = await post(body(fan.id, itemID));
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'No such song.' });
    }
    expect(await t.app.ctx.db.select().from(events).where(eq(events.memberId, fan.id))).toEqual([]);
  });

  it('stores the event and answers it (201): a first listen counts, a favorite never does', async () => {
    const songId = await freshSong();
    const res = await post(body(fan.id, songId, 'listen', '2025-06-01T14:00:00+02:00'));
    expect(res.statusCode).toBe(201);
    const answer = eventAnswer.parse(res.json());
    expect(answer).toMatchObject({
      _id: answer.id,
      memberID: fan.id,
      itemID: songId,
      itemType: 'song',
      eventPayload: { action: 'listen', clientTime: CLIENT_TIME },
      counted: true,
    });
    const favorite = (await post(body(fan.id, songId, 'favorite'))).json();
    expect(favorite).toMatchObject({ eventPayload: { action: 'favorite' }, counted: false });
    const stored = await t.app.ctx.db.select().from(events).where(eq(events.itemId, songId)).orderBy(events.createdAt);
    expect(stored.map((row) => [row.id, row.memberId, row.action, row.clientTime?.toISOString()])).toEqual([
      [answer.id, fan.id, 'listen', CLIENT_TIME],
      [favorite.id, fan.id, 'favorite', CLIENT_TIME],
    ]);
    expect(await playsOf(songId)).toBe(1);
  });

  it('takes ids in upper case as the same member and song', async () => {
    const songId = await freshSong();
    const res = await post(body(fan.id.toUpperCase(), songId.toUpperCase()));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ memberID: fan.id, itemID: songId, counted: true });
  });
});

describe('plays cannot be inflated', () => {
  it('counts 20 listens in a row as one play, every one stored', async () => {
    const songId = await freshSong();
    const counted: boolean[] = [];
    for (let i = 0; i < 20; i++) counted.push((await post(body(fan.id, songId))).json().counted);
    expect(counted).toEqual([true, ...Array<boolean>(19).fill(false)]);
    expect(await playsOf(songId)).toBe(1);
    expect(await t.app.ctx.db.$count(events, eq(events.itemId, songId))).toBe(20);
  });

  it('counts 20 parallel listens by one member as one play', async () => {
    const songId = await freshSong();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(body(fan.id, songId))));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(201));
    expect(answers.filter((res) => res.json().counted)).toHaveLength(1);
    expect(await playsOf(songId)).toBe(1);
    expect((await playMonthsOf(songId)).map((row) => row.plays)).toEqual([1]);
  });

  it('counts again once the window has passed (30 minutes), not before', async () => {
    const songId = await freshSong();
    expect((await post(body(fan.id, songId))).json().counted).toBe(true);
    await countedMinutesAgo(fan.id, songId, 29);
    expect((await post(body(fan.id, songId))).json().counted).toBe(false);
    expect(await playsOf(songId)).toBe(1);
    await countedMinutesAgo(fan.id, songId, 31);
    expect((await post(body(fan.id, songId))).json().counted).toBe(true);
    expect(await playsOf(songId)).toBe(2);
    // The window starts again from the listen that counted.
    expect((await post(body(fan.id, songId))).json().counted).toBe(false);
    expect(await playsOf(songId)).toBe(2);
  });

  it('counts each member once: two fans and an admin make three plays', async () => {
    const songId = await freshSong();
    const other = await createUser(t.app);
    const admin = await createAdmin(t.app);
    for (const [user, cookie] of [
      [fan, fanCookie],
      [other, await signIn(t.app, other)],
      [admin, await signIn(t.app, admin)],
    ] as const) {
      for (let i = 0; i < 3; i++) expect((await post(body(user.id, songId), cookie)).statusCode).toBe(201);
    }
    expect(await playsOf(songId)).toBe(3);
    // The same plays in the song's UTC month, for its artist's plays over time.
    expect(await playMonthsOf(songId)).toEqual([{ month: thisMonth(), plays: 3, artistId: artist.artistId }]);
  });

  it("stores the artist's listens to their own songs, released or not, and never counts them", async () => {
    const released = await freshSong();
    const pending = (await createSong(t.app, artist.artistId)).id;
    for (const songId of [released, pending]) {
      const res = await post(body(artist.id, songId), artistCookie);
      expect(res.statusCode).toBe(201);
      expect(res.json().counted).toBe(false);
      expect(await playsOf(songId)).toBe(0);
      expect(await playMonthsOf(songId)).toEqual([]);
      expect(await t.app.ctx.db.$count(events, eq(events.itemId, songId))).toBe(1);
    }
    expect(await t.app.ctx.db.$count(memberSongListens, eq(memberSongListens.memberId, artist.id))).toBe(0);
    // Another artist's listen is a fan's listen.
    const other = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    expect((await post(body(other.id, released), await signIn(t.app, other))).json().counted).toBe(true);
    expect(await playsOf(released)).toBe(1);
  });
});
