import type { ArtistPage, MemberHomeLists, SearchResult } from '@hfm/shared';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { artists } from '../../platform/db/schema/artists.js';
import { songs } from '../../platform/db/schema/catalogue.js';
import { catalogueVersion } from '../../platform/db/schema/read-models.js';
import { runCounted } from '../../test/count-queries.js';
import { createArtist, createSong, createUser, signIn, type TestArtist } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The public read models come from memory (platform/read-models, docs/decisions/0059), and never stale: a write
 * acknowledged to its writer shows in the writer's next read, in another process on the same database soon
 * after, and a release shows when its minute comes. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
let band: TestArtist;
let bandCookie: string;
let songId: string;

const get = (app: TestApp, url: string, headers: Record<string, string> = {}, as: string | null = null) =>
  injectAs(app, as, { method: 'GET', url, headers });
const pageUrl = () => `/api/artist-pages/${band.artist.slug}`;
const titlesOn = async (app: TestApp) => {
  const res = await get(app, pageUrl());
  return res.statusCode === 200 ? res.json<ArtistPage>().songs.map((song) => song.title) : res.statusCode;
};
const rename = async (title: string) => {
  const res = await injectAs(t, bandCookie, { method: 'PUT', url: `/api/songs/${songId}`, payload: { title } });
  expect(res.statusCode).toBe(200);
};

/** Statements the app's database driver is sent by `run` (on either database), the version's reads included. */
async function countStatements(app: TestApp, run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  let isMine = () => false;
  const restore: (() => void)[] = [];
  const spy = <O extends object>(owner: O, name: keyof O & string) => {
    const original = owner[name] as (...args: unknown[]) => unknown;
    (owner as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      if (isMine()) count++;
      return original.apply(this, args);
    };
    restore.push(() => ((owner as Record<string, unknown>)[name] = original));
  };
  const { pglite } = app.app.ctx.platform.database;
  if (pglite) {
    spy(pglite, 'query');
    spy(pglite, 'exec');
  } else {
    spy(pg.Client.prototype, 'query');
  }
  try {
    await runCounted(run, (check) => (isMine = check));
  } finally {
    for (const undo of restore) undo();
  }
  return count;
}

beforeAll(async () => {
  t = await createTestApp();
  band = await createArtist(t.app, { artist: { status: 'ACTIVE', name: 'Cache Band', isSearchable: true } });
  bandCookie = await signIn(t.app, band);
  songId = (await createSong(t.app, band.artistId, { status: 'ready', title: 'First Title' })).id;
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('the read-model cache', () => {
  it("shows the writer's write in the writer's next read: artist page, search, member home", async () => {
    // Held in memory first.
    expect(await titlesOn(t)).toEqual(['First Title']);
    expect((await get(t, '/api/search?s=zephyr')).json<SearchResult[]>()).toEqual([]);
    const home = (await get(t, '/api/playlists/agg/member-home-lists')).json<MemberHomeLists>();
    expect(home.newReleases.map((card) => card.name)).toContain('Cache Band');
    expect(await countStatements(t, () => titlesOn(t))).toBe(0);

    await rename('Zephyr Song');
    expect(await titlesOn(t)).toEqual(['Zephyr Song']);
    const found = (await get(t, '/api/search?s=zephyr')).json<SearchResult[]>();
    expect(found.map((result) => result.type)).toContain('song');

    // A write through the app's own database handle (not a route) is heard as surely.
    await t.app.ctx.db.update(artists).set({ name: 'Renamed Band' }).where(eq(artists.id, band.artistId));
    const renamed = (await get(t, '/api/playlists/agg/member-home-lists')).json<MemberHomeLists>();
    expect(renamed.newReleases.map((card) => card.name)).toContain('Renamed Band');

    // Hidden again: the next read is a 404 to everyone but the artist and admins.
    await t.app.ctx.db.update(artists).set({ status: 'INACTIVE' }).where(eq(artists.id, band.artistId));
    expect(await titlesOn(t)).toBe(404);
    expect((await get(t, pageUrl(), {}, bandCookie)).statusCode).toBe(200);
    await t.app.ctx.db.update(artists).set({ status: 'ACTIVE' }).where(eq(artists.id, band.artistId));
    expect(await titlesOn(t)).toEqual(['Zephyr Song']);
  });

  it('answers member home, the hero and search to a signed-in fan as to anyone, without reading the session', async () => {
    const fan = await signIn(t.app, await createUser(t.app));
    for (const url of ['/api/playlists/agg/member-home-lists', '/api/bff/members/hero-artist', '/api/search?s=cache']) {
      const anonymous = await get(t, url);
      const signedIn = await get(t, url, {}, fan);
      expect(signedIn.statusCode, url).toBe(200);
      expect(signedIn.body, url).toBe(anonymous.body);
      expect(await countStatements(t, () => get(t, url, {}, fan)), url).toBe(0);
    }
  });

  it('answers a current If-None-Match with a 304 without asking the database', async () => {
    const first = await get(t, pageUrl());
    const etag = first.headers.etag as string;
    let again: Awaited<ReturnType<typeof get>> | undefined;
    const statements = await countStatements(t, async () => {
      again = await get(t, pageUrl(), { 'if-none-match': etag });
    });
    expect(again?.statusCode).toBe(304);
    expect(statements).toBe(0);
    // The same tag after a write that changed the page is no longer current.
    await rename('Third Title');
    expect((await get(t, pageUrl(), { 'if-none-match': etag })).statusCode).toBe(200);
    const home = await get(t, '/api/playlists/agg/member-home-lists');
    expect(home.headers['cache-control']).toBe('no-cache');
    const homeTag = home.headers.etag as string;
    expect((await get(t, '/api/playlists/agg/member-home-lists', { 'if-none-match': homeTag })).statusCode).toBe(304);
  });

  it('shows a scheduled song when its minute comes, though nothing was written then', async () => {
    const later = (await createSong(t.app, band.artistId, { status: 'ready', title: 'Tomorrow Song' })).id;
    await t.app.ctx.db
      .update(songs)
      .set({ releaseAt: sql`now() + interval '1 day'` })
      .where(eq(songs.id, later));
    expect(await titlesOn(t)).not.toContain('Tomorrow Song');
    // The database's clock passing the minute, as far as the cache can tell: the row changes with the triggers
    // off (no write is heard), and this process's clock moves on a day.
    await t.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(songs)
        .set({ releaseAt: sql`now() - interval '1 minute'` })
        .where(eq(songs.id, later));
    });
    expect(await titlesOn(t)).not.toContain('Tomorrow Song');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 24 * 3600 * 1000);
    expect(await titlesOn(t)).toContain('Tomorrow Song');
  });

  it('shows a write to a second app on the same database (a second process)', async () => {
    const other = await createTestApp({}, { sameDatabaseAs: t });
    try {
      expect(await titlesOn(other)).toContain('Third Title');
      await rename('Fourth Title');
      // On PGlite both apps hear the commit at once; on PostgreSQL the other process hears the notification
      // or reads the version within a second.
      await vi.waitFor(async () => expect(await titlesOn(other)).toContain('Fourth Title'), { timeout: 10_000 });
      expect(await titlesOn(t)).toContain('Fourth Title');
    } finally {
      await other.close();
    }
  });

  it("keeps the models through a counted listen (a play count's only write), not through a Hi Five", async () => {
    const fan = await createUser(t.app);
    const fanCookie = await signIn(t.app, fan);
    const versionSum = async () => {
      const [row] = await t.app.ctx.db
        .select({ total: sql<string>`sum(${catalogueVersion.version})::text` })
        .from(catalogueVersion);
      return Number(row!.total);
    };
    await titlesOn(t);
    const before = await versionSum();
    const listen = await injectAs(t, fanCookie, {
      method: 'POST',
      url: '/api/mzd-events',
      payload: {
        memberID: fan.id,
        itemID: songId,
        itemType: 'song',
        eventPayload: { action: 'listen', clientTime: new Date().toISOString() },
      },
    });
    expect(listen.statusCode).toBe(201);
    expect(listen.json<{ counted: boolean }>().counted).toBe(true);
    const [song] = await t.app.ctx.db.select({ plays: songs.plays }).from(songs).where(eq(songs.id, songId));
    expect(song!.plays).toBeGreaterThan(0);
    expect(await versionSum()).toBe(before);
    expect(await countStatements(t, () => titlesOn(t))).toBe(0);

    const hiFive = await injectAs(t, fanCookie, {
      method: 'POST',
      url: '/api/hi-fives',
      payload: { memberID: fan.id, itemID: songId, itemType: 'song' },
    });
    expect(hiFive.statusCode).toBe(201);
    expect(await versionSum()).toBeGreaterThan(before);
  });
});
