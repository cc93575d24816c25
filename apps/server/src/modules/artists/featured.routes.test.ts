import crypto from 'node:crypto';
import type { FeaturedArtists } from '@hfm/shared';
import { eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { artists } from '../../platform/db/schema/artists.js';
import { createAdmin, createArtist, createSong, createUser, signIn } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { placeInOrder, removeFromFeatured } from './featured.service.js';

/** Featuring: the featured order stays 0..n-1 through adds, removals, moves, swaps and reorders. */

let t: TestApp;
let adminCookie: string;
let artistCookie: string;
let fanCookie: string;
/** ACTIVE artists, made once; each test starts with none featured. */
let pool: string[];
let pending: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await signIn(t.app, await createAdmin(t.app));
  fanCookie = await signIn(t.app, await createUser(t.app));
  const own = await createArtist(t.app, { artist: { status: 'ACTIVE', isSearchable: true } });
  artistCookie = await signIn(t.app, own);
  pool = [own.artistId];
  // Set ACTIVE again after INACTIVE below: approval needs a ready audition song.
  await createSong(t.app, own.artistId, { status: 'ready' });
  for (let index = 1; index < 10; index += 1) {
    pool.push((await createArtist(t.app, { artist: { status: 'ACTIVE', isSearchable: true } })).artistId);
  }
  pending = (await createArtist(t.app)).artistId;
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.ctx.db.update(artists).set({ isFeatured: false, featuredPosition: -1, featuredBio: null });
});

const patch = (id: string, payload: object, cookie = adminCookie) =>
  injectAs(t, cookie, { method: 'PATCH', url: `/api/artists/${id}`, payload });
const swap = (removeID: string, addID: string, cookie = adminCookie) =>
  injectAs(t, cookie, { method: 'POST', url: '/api/artists/featured/swap', payload: { removeID, addID } });
const reorder = (ids: unknown, cookie = adminCookie) =>
  injectAs(t, cookie, { method: 'PUT', url: '/api/artists/featured/order', payload: { ids } });

async function featured(): Promise<string[]> {
  const res = await injectAs(t, adminCookie, { method: 'GET', url: '/api/artists/featured' });
  expect(res.statusCode, res.body).toBe(200);
  const body: FeaturedArtists = res.json();
  body.items.forEach((artist, index) => {
    expect(artist).toMatchObject({ isFeatured: true, featuredPosition: index, status: 'ACTIVE' });
  });
  return body.items.map((artist) => artist.id);
}

/** Every row: featured exactly when at a position; positions exactly 0..n-1; only ACTIVE ones. */
async function expectGapFree(): Promise<string[]> {
  const rows = await t.app.ctx.db
    .select({
      id: artists.id,
      isFeatured: artists.isFeatured,
      position: artists.featuredPosition,
      status: artists.status,
    })
    .from(artists)
    .where(or(eq(artists.isFeatured, true), sql`${artists.featuredPosition} <> -1`));
  const positions = rows.map((row) => row.position).sort((a, b) => a - b);
  expect(positions).toEqual(rows.map((_, index) => index));
  for (const row of rows) expect(row).toMatchObject({ isFeatured: true, status: 'ACTIVE' });
  return rows.sort((a, b) => a.position - b.position).map((row) => row.id);
}

async function feature(...ids: string[]) {
  for (const id of ids) expect((await patch(id, { isFeatured: true })).statusCode).toBe(200);
}

const heroId = async () =>
  ((await injectAs(t, fanCookie, { method: 'GET', url: '/api/bff/members/hero-artist' })).json() as { _id: string })
    ._id;

describe('placeInOrder', () => {
  it.each([
    ['appends a new artist', ['a', 'b'], 'c', { featured: true }, ['a', 'b', 'c']],
    ['inserts at a position', ['a', 'b'], 'c', { featured: true, position: 0 }, ['c', 'a', 'b']],
    ['clamps a position past the end', ['a', 'b'], 'c', { featured: true, position: 9 }, ['a', 'b', 'c']],
    ['moves an artist down', ['a', 'b', 'c'], 'a', { featured: true, position: 2 }, ['b', 'c', 'a']],
    ['moves an artist up', ['a', 'b', 'c'], 'c', { featured: true, position: 0 }, ['c', 'a', 'b']],
    ['keeps a featured artist where it is', ['a', 'b', 'c'], 'b', { featured: true }, ['a', 'b', 'c']],
    ['removes and closes up', ['a', 'b', 'c'], 'b', { featured: false }, ['a', 'c']],
    ['removes one that is not there', ['a'], 'x', { featured: false }, ['a']],
  ] as const)('%s', (_case, order, id, placement, expected) => {
    expect(placeInOrder(order, id, placement)).toEqual(expected);
  });
});

describe('GET /api/artists/featured', () => {
  it('answers 401 signed out and 403 for fans and artists', async () => {
    expect((await injectAs(t, undefined, { method: 'GET', url: '/api/artists/featured' })).statusCode).toBe(401);
    for (const cookie of [fanCookie, artistCookie]) {
      const res = await injectAs(t, cookie, { method: 'GET', url: '/api/artists/featured' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('answers the featured artists in order, with featuredBio and the account', async () => {
    await feature(pool[2]!, pool[0]!);
    await patch(pool[0]!, { featuredBio: '  Our pick this week.  ' });
    const res = await injectAs(t, adminCookie, { method: 'GET', url: '/api/artists/featured' });
    const body: FeaturedArtists = res.json();
    expect(body.items.map((a) => [a.id, a.featuredPosition])).toEqual([
      [pool[2], 0],
      [pool[0], 1],
    ]);
    expect(body.items[1]).toMatchObject({ featuredBio: 'Our pick this week.', user: { email: expect.any(String) } });
  });
});

describe('PATCH /api/artists/{id}: featuring one artist', () => {
  it('adds at the current count, removes with -1 and closes up (spec)', async () => {
    await feature(pool[0]!, pool[1]!, pool[2]!);
    expect(await featured()).toEqual([pool[0], pool[1], pool[2]]);
    const added = await patch(pool[3]!, { isFeatured: true });
    expect(added.json()).toMatchObject({ isFeatured: true, featuredPosition: 3 });
    const removed = await patch(pool[1]!, { isFeatured: false });
    expect(removed.json()).toMatchObject({ isFeatured: false, featuredPosition: -1 });
    expect(await featured()).toEqual([pool[0], pool[2], pool[3]]);
    await patch(pool[0]!, { featuredPosition: -1 });
    expect(await featured()).toEqual([pool[2], pool[3]]);
    expect(await expectGapFree()).toEqual([pool[2], pool[3]]);
  });

  it('takes the spec client’s add (isFeatured with featuredPosition = count) as an append', async () => {
    await feature(pool[0]!);
    const res = await patch(pool[1]!, { isFeatured: true, featuredPosition: 1 });
    expect(res.json().featuredPosition).toBe(1);
    expect(await featured()).toEqual([pool[0], pool[1]]);
  });

  it('moves an artist to a position (clamped) and shifts the others; position 0 is the hero', async () => {
    await feature(pool[0]!, pool[1]!, pool[2]!, pool[3]!);
    await patch(pool[3]!, { featuredPosition: 1 });
    expect(await featured()).toEqual([pool[0], pool[3], pool[1], pool[2]]);
    await patch(pool[0]!, { featuredPosition: 99 });
    expect(await featured()).toEqual([pool[3], pool[1], pool[2], pool[0]]);
    await patch(pool[2]!, { featuredPosition: 0 });
    expect(await featured()).toEqual([pool[2], pool[3], pool[1], pool[0]]);
    expect(await heroId()).toBe(pool[2]);
  });

  it('features an artist at a position when only featuredPosition is sent', async () => {
    await feature(pool[0]!, pool[1]!);
    await patch(pool[4]!, { featuredPosition: 0 });
    expect(await featured()).toEqual([pool[4], pool[0], pool[1]]);
  });

  it('keeps a featured artist’s place when isFeatured true is sent again', async () => {
    await feature(pool[0]!, pool[1]!, pool[2]!);
    await patch(pool[0]!, { isFeatured: true, featuredBio: 'Still here' });
    expect(await featured()).toEqual([pool[0], pool[1], pool[2]]);
  });

  it('refuses (409) a PENDING artist, and status INACTIVE takes an artist out and closes up', async () => {
    expect((await patch(pending, { isFeatured: true })).statusCode).toBe(409);
    expect((await patch(pending, { featuredPosition: 0 })).statusCode).toBe(409);
    await feature(pool[0]!, pool[1]!, pool[2]!);
    const inactive = await patch(pool[0]!, { status: 'INACTIVE' });
    expect(inactive.json()).toMatchObject({ status: 'INACTIVE', isFeatured: false, featuredPosition: -1 });
    expect(await featured()).toEqual([pool[1], pool[2]]);
    expect(await heroId()).toBe(pool[1]);
    expect((await patch(pool[0]!, { status: 'ACTIVE', isFeatured: true })).json().featuredPosition).toBe(2);
    const both = await patch(pool[1]!, { status: 'INACTIVE', isFeatured: true });
    expect(both.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: `/api/artists/${pool[1]}` })).json().status).toBe('ACTIVE');
    expect(await expectGapFree()).toEqual([pool[1], pool[2], pool[0]]);
  });

  it('takes a CANCELLED artist out too', async () => {
    const cancelled = (await createArtist(t.app, { artist: { status: 'ACTIVE' } })).artistId;
    await feature(pool[0]!, cancelled, pool[1]!);
    await patch(cancelled, { status: 'CANCELLED' });
    expect(await featured()).toEqual([pool[0], pool[1]]);
  });
});

describe('removeFromFeatured (for other code, e.g. termination)', () => {
  it('takes the artist out and closes up, alone or inside the caller’s transaction', async () => {
    await feature(pool[0]!, pool[1]!, pool[2]!);
    await removeFromFeatured(t.app.ctx, pool[1]!);
    expect(await featured()).toEqual([pool[0], pool[2]]);
    await t.app.ctx.db.transaction(async (tx) => {
      await removeFromFeatured({ db: tx as unknown as typeof t.app.ctx.db }, pool[0]!);
      await tx.update(artists).set({ status: 'INACTIVE' }).where(eq(artists.id, pool[0]!));
    });
    expect(await featured()).toEqual([pool[2]]);
    await t.app.ctx.db.update(artists).set({ status: 'ACTIVE' }).where(eq(artists.id, pool[0]!));
    await removeFromFeatured(t.app.ctx, pool[9]!);
    expect(await expectGapFree()).toEqual([pool[2]]);
  });
});

describe('POST /api/artists/featured/swap', () => {
  it('answers 401, 400 for bad ids or the same artist twice, 403 for fans and artists', async () => {
    expect((await swap(pool[0]!, pool[1]!, '')).statusCode).toBe(401);
    for (const payload of [{}, { removeID: 'x', addID: pool[0] }, { removeID: pool[0], addID: pool[0] }]) {
      const res = await injectAs(t, adminCookie, { method: 'POST', url: '/api/artists/featured/swap', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await swap(pool[0]!, pool[1]!, fanCookie)).statusCode).toBe(403);
    expect((await swap(pool[0]!, pool[1]!, artistCookie)).statusCode).toBe(403);
  });

  it('gives the added artist the removed one’s position and the removed -1 (spec)', async () => {
    await feature(pool[0]!, pool[1]!, pool[2]!);
    const res = await swap(pool[1]!, pool[5]!);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as FeaturedArtists).items.map((a) => a.id)).toEqual([pool[0], pool[5], pool[2]]);
    expect((await t.app.inject({ method: 'GET', url: `/api/artists/${pool[1]}` })).json()).toMatchObject({
      isFeatured: false,
      featuredPosition: -1,
    });
    await swap(pool[0]!, pool[6]!);
    expect(await heroId()).toBe(pool[6]);
    expect(await expectGapFree()).toEqual([pool[6], pool[5], pool[2]]);
  });

  it('answers 404 for unknown artists and 409 for one not featured, one featured already or not ACTIVE', async () => {
    await feature(pool[0]!, pool[1]!);
    expect((await swap(crypto.randomUUID(), pool[5]!)).statusCode).toBe(404);
    expect((await swap(pool[0]!, crypto.randomUUID())).statusCode).toBe(404);
    const notFeatured = await swap(pool[5]!, pool[6]!);
    expect([notFeatured.statusCode, notFeatured.json().error.message]).toEqual([409, 'That artist is not featured.']);
    const already = await swap(pool[0]!, pool[1]!);
    expect([already.statusCode, already.json().error.message]).toEqual([409, 'That artist is already featured.']);
    const inactive = await swap(pool[0]!, pending);
    expect([inactive.statusCode, inactive.json().error.message]).toEqual([409, 'Only ACTIVE artists can be featured.']);
    expect(await featured()).toEqual([pool[0], pool[1]]);
  });
});

describe('PUT /api/artists/featured/order', () => {
  it('answers 401, 400 for bad or repeated ids, 403 for fans and artists', async () => {
    expect((await reorder([], '')).statusCode).toBe(401);
    for (const ids of [undefined, 'x', ['nope'], [pool[0], pool[0]]]) {
      expect((await reorder(ids)).statusCode, JSON.stringify(ids)).toBe(400);
    }
    expect((await reorder([], fanCookie)).statusCode).toBe(403);
    expect((await reorder([], artistCookie)).statusCode).toBe(403);
  });

  it('sets the whole order at once', async () => {
    await feature(pool[0]!, pool[1]!, pool[2]!);
    const res = await reorder([pool[2], pool[0], pool[1]]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as FeaturedArtists).items.map((a) => [a.id, a.featuredPosition])).toEqual([
      [pool[2], 0],
      [pool[0], 1],
      [pool[1], 2],
    ]);
    expect(await heroId()).toBe(pool[2]);
  });

  it('answers 409 unless the ids are exactly the featured artists, and changes nothing', async () => {
    await feature(pool[0]!, pool[1]!);
    for (const ids of [[pool[0]], [pool[0], pool[1], pool[2]], [pool[0], pool[3]]]) {
      const res = await reorder(ids);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('The featured artists have changed. Reload them and try again.');
    }
    expect(await featured()).toEqual([pool[0], pool[1]]);
  });

  it('accepts an empty order when nobody is featured', async () => {
    expect((await reorder([])).json()).toEqual({ items: [] });
  });
});

describe('the featured order under concurrent changes', () => {
  it('puts a half-featured row right on the next change', async () => {
    await t.app.ctx.db.update(artists).set({ isFeatured: true, featuredPosition: -1 }).where(eq(artists.id, pool[7]!));
    await t.app.ctx.db.update(artists).set({ isFeatured: false, featuredPosition: 4 }).where(eq(artists.id, pool[8]!));
    await feature(pool[0]!);
    // Positions first (pool[8] at 4), then the flag without one (pool[7]); the added artist goes last.
    expect(await expectGapFree()).toEqual([pool[8], pool[7], pool[0]]);
  });

  it('leaves positions 0..n-1 after many adds, removals, moves, swaps and reorders at once', async () => {
    await feature(pool[0]!, pool[1]!, pool[2]!, pool[3]!);
    const operations: (() => Promise<{ statusCode: number }>)[] = [];
    for (let round = 0; round < 3; round += 1) {
      operations.push(
        () => patch(pool[4 + round]!, { isFeatured: true }),
        () => patch(pool[round]!, { isFeatured: false }),
        () => patch(pool[3]!, { featuredPosition: round }),
        () => swap(pool[(round + 1) % 4]!, pool[7 + round]!),
        () => patch(pool[8]!, { isFeatured: true, featuredPosition: 0 }),
        () => patch(pool[9]!, { featuredPosition: -1 }),
        async () => reorder(await featured()),
        () => patch(pool[5]!, { status: round === 1 ? 'INACTIVE' : 'ACTIVE' }),
      );
    }
    const results = await Promise.all(operations.map((operation) => operation()));
    // Some lose a race (a swap whose artist already left, a reorder that read an old order): 409, never 500.
    for (const result of results) expect([200, 409]).toContain(result.statusCode);
    const order = await expectGapFree();
    expect(await featured()).toEqual(order);
    expect(new Set(order).size).toBe(order.length);
    if (order.length > 0) expect(await heroId()).toBe(order[0]);
  });
});
