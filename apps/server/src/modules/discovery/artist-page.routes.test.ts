import type { ArtistPage } from '@hfm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../platform/db/schema/billing.js';
import { songs as songsTable } from '../../platform/db/schema/catalogue.js';
import {
  createAdmin,
  createAlbum,
  createArtist,
  createArtistPhoto,
  createSong,
  createUser,
  setArtist,
  signIn,
  type TestArtist,
} from '../../test/factories.js';
import { countQueries } from '../../test/count-queries.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * An artist's public page: `big` is ACTIVE with 30 released songs in 2 albums (and songs that are not out),
 * `small` is ACTIVE with one album of one song, `pending` and `inactive` are not approved or withdrawn.
 */
let t: TestApp;
let big: TestArtist;
let small: TestArtist;
let pending: TestArtist;
let inactive: TestArtist;
const cookie = {} as Record<'fan' | 'subscriber' | 'admin' | 'big' | 'pending', string>;
const hidden = {} as Record<'pending' | 'withdrawn' | 'future' | 'failed', string>;
const released: { id: string; title: string }[] = [];
const album = {} as Record<'first' | 'second' | 'unreleased', string>;
let firstAlbumOrder: string[] = [];
let secondAlbumOrder: string[] = [];

const YEAR_MS = 365 * 24 * 3600 * 1000;
const isoDay = (n: number) => new Date(Date.UTC(2023, 0, 1 + n)).toISOString().slice(0, 10);

async function get(url: string, as: string | null = null, headers: Record<string, string> = {}) {
  return injectAs(t, as, { method: 'GET', url, headers });
}

const pageUrl = (artist: TestArtist) => `/api/artist-pages/${artist.artist.slug}`;

beforeAll(async () => {
  t = await createTestApp();
  big = await createArtist(t.app, {
    artist: {
      status: 'ACTIVE',
      name: 'The Big Band',
      bio: '<p>Loud <b>and</b> proud.</p>',
      bannerImage: 'banner-images/big/b.png',
    },
  });
  small = await createArtist(t.app, { artist: { status: 'ACTIVE', name: 'Small' } });
  pending = await createArtist(t.app, { artist: { name: 'Not Yet' } });
  inactive = await createArtist(t.app, { artist: { status: 'INACTIVE', name: 'Gone Quiet' } });
  const [fan, subscriber, admin] = [await createUser(t.app), await createUser(t.app), await createAdmin(t.app)];
  Object.assign(cookie, {
    fan: await signIn(t.app, fan),
    subscriber: await signIn(t.app, subscriber),
    admin: await signIn(t.app, admin),
    big: await signIn(t.app, big),
    pending: await signIn(t.app, pending),
  });
  await t.app.ctx.db.insert(subscriptions).values({
    memberId: subscriber.id,
    artistId: big.artistId,
    currentPeriodEnd: new Date(Date.now() + YEAR_MS),
  });
  await createArtistPhoto(t.app, big.artistId, 'band-photos/big/1.png');
  await createArtistPhoto(t.app, big.artistId, 'band-photos/big/2.png');

  // 30 released songs, song 1 released first; songs 5, 12 and 20 play in full, in the order 20, 5, 12.
  const fullPreviewAt: Record<number, number> = { 20: 0, 5: 1, 12: 2 };
  for (let n = 1; n <= 30; n += 1) {
    const row = await createSong(t.app, big.artistId, {
      status: 'ready',
      title: `Song ${n}`,
      releaseDate: isoDay(n),
      duration: 60 + n,
      ...(n in fullPreviewAt ? { isFullPreview: true, fullPreviewPosition: fullPreviewAt[n] } : {}),
    });
    released.push({ id: row.id, title: row.title });
  }
  hidden.pending = (await createSong(t.app, big.artistId, { title: 'Hidden pending' })).id;
  hidden.failed = (await createSong(t.app, big.artistId, { status: 'failed', title: 'Hidden failed' })).id;
  hidden.withdrawn = (
    await createSong(t.app, big.artistId, { status: 'ready', active: false, title: 'Hidden off' })
  ).id;
  hidden.future = (
    await createSong(t.app, big.artistId, { status: 'ready', releaseDate: '2999-12-31', title: 'Hidden future' })
  ).id;

  // Album one: songs 1-10 backwards; album two: songs 11-20 shuffled with two hidden songs among them.
  firstAlbumOrder = released
    .slice(0, 10)
    .map((s) => s.id)
    .reverse();
  secondAlbumOrder = [13, 11, 20, 15, 12, 19, 14, 18, 16, 17].map((n) => released[n - 1]!.id);
  album.first = (
    await createAlbum(t.app, big.artistId, {
      name: 'First',
      linerNotes: 'Notes',
      createdAt: new Date('2023-02-01T00:00:00Z'),
      songIds: firstAlbumOrder,
    })
  ).id;
  album.second = (
    await createAlbum(t.app, big.artistId, {
      name: 'Second',
      createdAt: new Date('2023-03-01T00:00:00Z'),
      artworkKey: 'album-artwork/big/second.png',
      songIds: [...secondAlbumOrder.slice(0, 3), hidden.pending, ...secondAlbumOrder.slice(3), hidden.future],
    })
  ).id;
  album.unreleased = (await createAlbum(t.app, big.artistId, { name: 'Soon', songIds: [hidden.future] })).id;

  const smallSong = await createSong(t.app, small.artistId, { status: 'ready', title: 'Only one' });
  await createAlbum(t.app, small.artistId, { name: 'Tiny', songIds: [smallSong.id] });
  await createSong(t.app, pending.artistId, { status: 'ready', title: 'Pending song' });
  await createSong(t.app, inactive.artistId, { status: 'ready', title: 'Inactive song' });
});
afterAll(async () => t.close());

/** Counts the statements the app sends while `run` runs (a subquery is part of its statement). */
describe('GET /api/artist-pages/{slug}: bad input and hidden artists', () => {
  it("is 404 'No such artist.' for a slug that cannot be one, never a 500", async () => {
    for (const slug of ['Big-Band', 'big_band', '-big', 'big--band', 'big-', '%E2%9C%93', 'a'.repeat(81), "x'or'1"]) {
      const res = await get(`/api/artist-pages/${slug}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json(), slug).toEqual({ error: { code: 'NOT_FOUND', message: 'No such artist.' } });
    }
  });

  it('is 404 for an unknown slug', async () => {
    expect((await get('/api/artist-pages/no-such-band', cookie.fan)).statusCode).toBe(404);
  });

  it('hides PENDING and INACTIVE artists from everyone but themselves and admins', async () => {
    for (const artist of [pending, inactive]) {
      for (const as of [null, cookie.fan, cookie.subscriber, cookie.big]) {
        const res = await get(pageUrl(artist), as);
        expect(res.statusCode, `${artist.artist.name} as ${as ?? 'anonymous'}`).toBe(404);
        expect(res.json().error.message).toBe('No such artist.');
      }
    }
    const own = await get(pageUrl(pending), cookie.pending);
    expect(own.statusCode).toBe(200);
    expect(own.json<ArtistPage>()).toMatchObject({
      artist: { name: 'Not Yet' },
      songs: [{ title: 'Pending song' }],
      offer: { available: false, subscribed: false },
    });
    const asAdmin = await get(pageUrl(inactive), cookie.admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json<ArtistPage>().offer.available).toBe(false);
  });
});

describe('GET /api/artist-pages/{slug}: the page', () => {
  it('answers the artist with photos, bio and banner', async () => {
    const res = await get(pageUrl(big));
    expect(res.statusCode).toBe(200);
    const page = res.json<ArtistPage>();
    expect(page.artist).toMatchObject({
      _id: big.artistId,
      id: big.artistId,
      name: 'The Big Band',
      slug: 'the-big-band',
      bio: '<p>Loud <b>and</b> proud.</p>',
      photos: ['/media/band-photos/big/1.png', '/media/band-photos/big/2.png'],
      photo: '/media/band-photos/big/1.png',
      bannerImagePath: expect.stringMatching(/^\/media\/banner-images\/big\/b\.png\?t=\d+$/),
    });
    expect(page.offer).toEqual({ priceCents: 999, subscribed: false, available: true });
  });

  it('lists every released song: full-preview first by position, then newest first', async () => {
    const page = (await get(pageUrl(big))).json<ArtistPage>();
    const titles = page.songs.map((s) => s.title);
    const rest = released
      .map((s) => s.title)
      .filter((title) => !['Song 20', 'Song 5', 'Song 12'].includes(title))
      .reverse();
    expect(titles).toEqual(['Song 20', 'Song 5', 'Song 12', ...rest]);
    expect(page.songs).toHaveLength(30);
    const song3 = page.songs.find((s) => s.title === 'Song 3');
    expect(song3).toMatchObject({
      releaseDate: '01/04/2023',
      duration: 63,
      isFullPreview: false,
      albumIDs: [album.first],
    });
    // The page names the artist once; a song carries only its own id.
    for (const key of ['_id', 'artistID', 'artistName', 'artistSlug']) expect(song3).not.toHaveProperty(key);
  });

  it('sends each song once: albums name their songs by id, every one of them among the songs', async () => {
    const res = await get(pageUrl(big));
    const page = res.json<ArtistPage>();
    const listed = new Set(page.songs.map((s) => s.id));
    expect(listed.size).toBe(page.songs.length);
    const inAlbums = page.albums.flatMap((a) => a.songs);
    expect(inAlbums.length).toBeGreaterThan(0);
    for (const id of inAlbums) expect(listed.has(id), id).toBe(true);
    // Each title and each song's fields appear once in the body, not again in an album.
    for (const { title } of released) expect(res.body.split(`"title":"${title}"`), title).toHaveLength(2);
    expect(res.body.match(/"_id"/g)).toHaveLength(1 + (page.artist.genre ? 1 : 0));
  });

  it('lists albums newest first, each with its released songs in album order', async () => {
    const page = (await get(pageUrl(big))).json<ArtistPage>();
    expect(page.albums.map((a) => a.name)).toEqual(['Second', 'First']);
    const [second, first] = page.albums;
    expect(first!.songs).toEqual(firstAlbumOrder);
    expect(first).toMatchObject({ id: album.first, artistID: big.artistId, linerNotes: 'Notes', artworkPath: '' });
    expect(first).not.toHaveProperty('_id');
    expect(second!.songs).toEqual(secondAlbumOrder);
    expect(second!.artworkPath).toBe('/media/album-artwork/big/second.png');
  });

  it('never shows songs that are not out (pending, failed, withdrawn, not yet released), not even to the artist', async () => {
    for (const as of [null, cookie.fan, cookie.subscriber, cookie.big, cookie.admin]) {
      const page = (await get(pageUrl(big), as)).json<ArtistPage>();
      const shown = [...page.songs.map((s) => s.id), ...page.albums.flatMap((a) => a.songs)];
      expect(shown.filter((id) => Object.values(hidden).includes(id))).toEqual([]);
      expect(page.albums.map((a) => a.id)).not.toContain(album.unreleased);
    }
  });

  it('says whether the viewer subscribes', async () => {
    expect((await get(pageUrl(big), cookie.subscriber)).json<ArtistPage>().offer.subscribed).toBe(true);
    expect((await get(pageUrl(big), cookie.fan)).json<ArtistPage>().offer.subscribed).toBe(false);
  });

  it('asks the database the same few times for 30 songs in 2 albums as for 1 song in 1 album', async () => {
    const db = t.app.ctx.db;
    // A write of the catalogue (none of its rows) makes the pages' cached models old: both are built again.
    const touchCatalogue = () => db.execute(sql`update genres set label = label where false`);
    let bigPage: ArtistPage | undefined;
    await touchCatalogue();
    const forBig = await countQueries(db, async () => {
      bigPage = (await get(pageUrl(big))).json<ArtistPage>();
    });
    await touchCatalogue();
    const forSmall = await countQueries(db, () => get(pageUrl(small)));
    expect(bigPage?.songs).toHaveLength(30);
    expect(forBig).toBe(forSmall);
    // The artist, then the songs and the albums (the cache's read of the catalogue version is not counted): who
    // may see the artist is answered from the row read.
    expect(forBig).toBe(3);
    // Asked again with nothing changed since it was built, the page comes from memory.
    expect(await countQueries(db, () => get(pageUrl(small)))).toBe(0);
    // A signed-in viewer adds their session and whether they subscribe, and nothing else.
    expect(await countQueries(db, () => get(pageUrl(small), cookie.fan))).toBe(2);
  });
});

describe('GET /api/artist-pages/{slug}: revalidation', () => {
  it('answers a strong ETag and private, no-cache', async () => {
    const res = await get(pageUrl(big));
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it('answers 304 with no body when If-None-Match holds the current tag', async () => {
    const first = await get(pageUrl(big), cookie.fan);
    const etag = first.headers.etag as string;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get(pageUrl(big), cookie.fan, { 'if-none-match': header });
      expect(again.statusCode, header).toBe(304);
      expect(again.body, header).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    const stale = await get(pageUrl(big), cookie.fan, { 'if-none-match': '"not-the-tag"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json<ArtistPage>().artist.id).toBe(big.artistId);
  });

  it('gives another viewer (another body) another tag, and a changed page a new tag', async () => {
    const fan = (await get(pageUrl(big), cookie.fan)).headers.etag as string;
    const subscriber = await get(pageUrl(big), cookie.subscriber, { 'if-none-match': fan });
    expect(subscriber.statusCode).toBe(200);
    expect(subscriber.headers.etag).not.toBe(fan);

    await t.app.ctx.db.update(songsTable).set({ title: 'Song 1 (remaster)' }).where(eq(songsTable.id, released[0]!.id));
    try {
      const changed = await get(pageUrl(big), cookie.fan, { 'if-none-match': fan });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(fan);
    } finally {
      await t.app.ctx.db.update(songsTable).set({ title: 'Song 1' }).where(eq(songsTable.id, released[0]!.id));
    }
  });
});

describe('a withdrawn artist', () => {
  it('disappears from fans at once', async () => {
    await setArtist(t.app, small.artistId, { status: 'INACTIVE' });
    try {
      expect((await get(pageUrl(small), cookie.fan)).statusCode).toBe(404);
    } finally {
      await setArtist(t.app, small.artistId, { status: 'ACTIVE' });
    }
    expect((await get(pageUrl(small), cookie.fan)).statusCode).toBe(200);
  });
});
