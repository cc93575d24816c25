import { releaseMessages, type NewReleases, type ReleaseMailSettings } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSongListens } from '../../platform/db/schema/engagement.js';
import { releaseMailsArtistOff, releaseMailsOff } from '../../platform/db/schema/releases.js';
import { createAlbum, createSong, createSubscription, createUser, signIn } from '../../test/factories.js';
import { createRouteCast, injectAs, type RouteCast } from '../../test/route-cast.js';
import type { TestApp } from '../../test/test-app.js';
import { signUnsubscribe } from './index.js';
import { sweepReleases } from './releases.service.js';

/**
 * Releases through HTTP: scheduled songs hidden until their minute (previews too), a song out never scheduled
 * back into hiding, New for you and its count, the mail settings, and the unsubscribe links (no sign-in).
 */
let t: TestApp;
let cast: RouteCast;
let subscriber: { id: string; cookie: string };

beforeAll(async () => {
  cast = await createRouteCast();
  t = cast.t;
  const user = await createUser(t.app);
  await createSubscription(t.app, { artistId: cast.artist.artistId, memberId: user.id });
  subscriber = { id: user.id, cookie: await signIn(t.app, user) };
});
afterAll(async () => t.close());

const as = (cookie: string | undefined, options: Parameters<typeof injectAs>[2]) => injectAs(t, cookie, options);
const inAMinute = () => new Date(Date.now() + 60_000);

describe('a scheduled release', () => {
  it('is hidden, preview included, until its minute, and then out for everyone', async () => {
    const song = await createSong(t.app, cast.artist.artistId, {
      status: 'ready',
      title: 'At The Minute',
      releaseAt: inAMinute(),
      releaseDate: inAMinute().toISOString().slice(0, 10),
    });
    for (const cookie of [undefined, cast.cookie.fan, subscriber.cookie]) {
      expect((await as(cookie, { method: 'GET', url: `/api/songs/${song.id}` })).statusCode).toBe(404);
      expect((await as(cookie, { method: 'GET', url: `/api/songs/${song.id}/play` })).statusCode).toBe(404);
    }
    const own = await as(cast.cookie.artist, { method: 'GET', url: `/api/songs/${song.id}` });
    expect(own.json().releaseAt).toBe(song.releaseAt!.toISOString());
    // The minute arrives: the database's clock decides, so the schedule is moved to the minute just begun.
    const minute = new Date();
    minute.setUTCSeconds(0, 0);
    await t.app.ctx.db.execute(`update songs set release_at = '${minute.toISOString()}' where id = '${song.id}'`);
    for (const cookie of [undefined, cast.cookie.fan, subscriber.cookie]) {
      expect((await as(cookie, { method: 'GET', url: `/api/songs/${song.id}` })).statusCode).toBe(200);
    }
  });

  it('is set from the studio to the minute, with its day as the release date', async () => {
    const song = await createSong(t.app, cast.artist.artistId);
    const at = new Date(Date.UTC(2031, 4, 6, 18, 30, 42));
    const res = await as(cast.cookie.artist, {
      method: 'PUT',
      url: `/api/songs/${song.id}`,
      payload: { releaseAt: at.toISOString() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ releaseAt: '2031-05-06T18:30:00.000Z', releaseDate: '05/06/2031' });
    const cleared = await as(cast.cookie.artist, {
      method: 'PUT',
      url: `/api/songs/${song.id}`,
      payload: { releaseAt: null },
    });
    expect(cleared.json().releaseAt).toBeNull();
  });

  it.each([
    ['not a time', 'tomorrow'],
    ['no offset', '2031-05-06T18:30'],
    ['a number', 5],
  ])('refuses a release time that is %s (400)', async (_case, releaseAt) => {
    const song = await createSong(t.app, cast.artist.artistId);
    const res = await as(cast.cookie.artist, { method: 'PUT', url: `/api/songs/${song.id}`, payload: { releaseAt } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.releaseAt).toBe(releaseMessages.releaseAt);
  });

  it('never hides a song or an album already out (400 with the reason)', async () => {
    const out = await createSong(t.app, cast.artist.artistId, { status: 'ready' });
    const song = await as(cast.cookie.artist, {
      method: 'PUT',
      url: `/api/songs/${out.id}`,
      payload: { releaseAt: inAMinute().toISOString() },
    });
    expect(song.statusCode).toBe(400);
    expect(song.json().error.message).toBe(releaseMessages.alreadyOut);
    const byDate = await as(cast.cookie.artist, {
      method: 'PUT',
      url: `/api/songs/${out.id}`,
      payload: { releaseDate: '12/31/2099' },
    });
    expect(byDate.statusCode).toBe(400);
    const album = await createAlbum(t.app, cast.artist.artistId, { songIds: [out.id] });
    const res = await as(cast.cookie.artist, {
      method: 'PATCH',
      url: `/api/albums/${album.id}`,
      payload: { releaseAt: inAMinute().toISOString() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(releaseMessages.albumAlreadyOut);
    // A time already past is no hiding: allowed.
    const past = await as(cast.cookie.artist, {
      method: 'PUT',
      url: `/api/songs/${out.id}`,
      payload: { releaseAt: new Date(Date.now() - 3_600_000).toISOString() },
    });
    expect(past.statusCode).toBe(200);
  });

  it('schedules every song of an album that is not out yet', async () => {
    const songs = [await createSong(t.app, cast.artist.artistId), await createSong(t.app, cast.artist.artistId)];
    const album = await createAlbum(t.app, cast.artist.artistId, { songIds: songs.map((song) => song.id) });
    const at = new Date(Date.UTC(2032, 0, 2, 9, 15));
    const res = await as(cast.cookie.artist, {
      method: 'PATCH',
      url: `/api/albums/${album.id}`,
      payload: { releaseAt: at.toISOString() },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const song of songs) {
      const read = await as(cast.cookie.artist, { method: 'GET', url: `/api/songs/${song.id}` });
      expect(read.json().releaseAt).toBe(at.toISOString());
    }
  });
});

describe('New for you', () => {
  it("lists the subscribed artist's unheard releases and counts them; a played one leaves", async () => {
    const fresh = await createSong(t.app, cast.artist.artistId, { status: 'ready', title: 'Brand New' });
    const other = await createSong(t.app, cast.otherArtist.artistId, { status: 'ready', title: 'Not Subscribed' });
    await sweepReleases(t.app.ctx, new Date(Date.now() + 1000));
    const read = async () =>
      (await as(subscriber.cookie, { method: 'GET', url: '/api/releases/new' })).json() as NewReleases;
    const before = await read();
    const ids = before.items.map((item) => item.id);
    expect(ids).toContain(fresh.id);
    expect(ids).not.toContain(other.id);
    expect(before.count).toBe(before.items.length);
    await t.app.ctx.db
      .insert(memberSongListens)
      .values({ memberId: subscriber.id, songId: fresh.id, lastCountedAt: new Date() });
    const after = await read();
    expect(after.items.map((item) => item.id)).not.toContain(fresh.id);
    expect(after.count).toBe(before.count - 1);
    // Someone who subscribes to nobody has nothing new.
    expect((await as(cast.cookie.fan, { method: 'GET', url: '/api/releases/new' })).json()).toEqual({
      items: [],
      count: 0,
    });
  });
});

describe('release mail settings', () => {
  it('turns all and one artist off and on again', async () => {
    const put = (payload: object) => as(subscriber.cookie, { method: 'PUT', url: '/api/releases/settings', payload });
    const initial = (await as(subscriber.cookie, { method: 'GET', url: '/api/releases/settings' })).json();
    expect(initial).toEqual({
      all: true,
      artists: [{ artistID: cast.artist.artistId, name: cast.artist.artist.name, on: true }],
    });
    const off = (
      await put({ all: false, artists: [{ artistID: cast.artist.artistId, on: false }] })
    ).json() as ReleaseMailSettings;
    expect(off).toMatchObject({ all: false, artists: [{ on: false }] });
    expect(
      await t.app.ctx.db.select().from(releaseMailsOff).where(eq(releaseMailsOff.memberId, subscriber.id)),
    ).toHaveLength(1);
    const on = (await put({ all: true, artists: [{ artistID: cast.artist.artistId.toUpperCase(), on: true }] })).json();
    expect(on).toMatchObject({ all: true, artists: [{ on: true }] });
  });

  it.each([
    ['all is not a boolean', { all: 'yes' }],
    ['an artist id is not a uuid', { artists: [{ artistID: 'nope', on: true }] }],
    ['an artist the fan does not subscribe to', { artists: [{ artistID: crypto.randomUUID(), on: false }] }],
    ['too many artists', { artists: Array.from({ length: 501 }, () => ({ artistID: crypto.randomUUID(), on: true })) }],
  ])('refuses a body where %s (400)', async (_case, payload) => {
    const res = await as(subscriber.cookie, { method: 'PUT', url: '/api/releases/settings', payload });
    expect(res.statusCode).toBe(400);
    expect(['VALIDATION', 'BAD_REQUEST']).toContain(res.json().error.code);
  });
});

describe('the unsubscribe link', () => {
  const link = (artistId: string | null) =>
    `/api/releases/unsubscribe?token=${encodeURIComponent(signUnsubscribe(t.app.ctx.platform.signer, subscriber.id, artistId))}`;

  it('shows a confirm page on GET (changing nothing) and unsubscribes on POST, signed out', async () => {
    const page = await as(undefined, {
      method: 'GET',
      url: link(cast.artist.artistId),
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`Stop mails about ${cast.artist.artist.name}?`);
    expect(page.body).toContain('<form method="post"');
    expect(
      await t.app.ctx.db.select().from(releaseMailsArtistOff).where(eq(releaseMailsArtistOff.memberId, subscriber.id)),
    ).toHaveLength(0);
    const done = await as(undefined, { method: 'POST', url: link(cast.artist.artistId) });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(
      await t.app.ctx.db.select().from(releaseMailsArtistOff).where(eq(releaseMailsArtistOff.memberId, subscriber.id)),
    ).toHaveLength(1);
  });

  it("takes a mail app's one-click POST (List-Unsubscribe=One-Click, form encoded) for every release mail", async () => {
    const res = await as(undefined, {
      method: 'POST',
      url: link(null),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(
      await t.app.ctx.db.select().from(releaseMailsOff).where(eq(releaseMailsOff.memberId, subscriber.id)),
    ).toHaveLength(1);
    await t.app.ctx.db.delete(releaseMailsOff).where(eq(releaseMailsOff.memberId, subscriber.id));
  });

  it.each([
    ['no token', ''],
    ['a token for another fan with this signature', 'swap'],
    ['a made-up token', `?token=${'x'.repeat(80)}`],
    ['a token too long', `?token=${'x'.repeat(400)}`],
  ])('refuses %s (400), as JSON to a client and as a page to a browser', async (_case, query) => {
    let url = `/api/releases/unsubscribe${query}`;
    if (query === 'swap') {
      const real = signUnsubscribe(t.app.ctx.platform.signer, subscriber.id, null);
      url = `/api/releases/unsubscribe?token=${cast.fan.id}${real.slice(subscriber.id.length)}`;
    }
    const json = await as(undefined, { method: 'POST', url });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe('VALIDATION');
    const html = await as(undefined, { method: 'GET', url, headers: { accept: 'text/html' } });
    expect(html.statusCode).toBe(400);
    // A token of a well-formed length reaches the page; a missing or oversized one is refused as JSON first.
    if (query !== '' && query.length < 300) expect(html.body).toContain('This link does not work');
  });

  it('answers a form body over its limit with 413, not a 500', async () => {
    const res = await as(undefined, {
      method: 'POST',
      url: link(null),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a'.repeat(5000),
    });
    expect(res.statusCode).toBe(413);
  });
});
