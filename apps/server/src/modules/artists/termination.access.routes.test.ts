import { artistLeftNotice, artistPage, terminationMessages } from '@hfm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songs } from '../../platform/db/schema/catalogue.js';
import { songDownloads } from '../../platform/db/schema/library.js';
import {
  createAdmin,
  createAlbum,
  createArtist,
  createStoredSong,
  createSubscription,
  createUser,
  endSubscription,
  signIn,
  type TestArtist,
  type TestUser,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { injectAs } from '../../test/route-cast.js';

/**
 * What a terminated artist's music is to whom (docs/decisions/0021): subscribers in term keep streaming and
 * downloading it, what they downloaded stays theirs, and nobody else hears it, previews and full-preview songs
 * included. The artist's page stays up with the notice; its songs only for subscribers in term.
 */
let t: TestApp;
let leaving: TestArtist;
type Fan = TestUser & { cookie: string; subscriptionId?: string };
const fans = {} as Record<'subscriber' | 'keeper' | 'stranger', Fan>;
const cookie = {} as Record<'admin' | 'artist', string>;
const song = {} as Record<'kept' | 'later' | 'full' | 'never', string>;
let albumId: string;

const get = (url: string, as?: string) => injectAs(t, as, { method: 'GET', url });
const play = (songId: string, as?: string) => get(`/api/songs/${songId}/play`, as);
const download = (songId: string, as?: string, format = 'flac') =>
  get(`/api/songs/${songId}/download?format=${format}`, as);
const page = (as?: string) => get(`/api/artist-pages/${leaving.artist.slug}`, as);

async function fan(): Promise<Fan> {
  const user = await createUser(t.app);
  return { ...user, cookie: await signIn(t.app, user) };
}

beforeAll(async () => {
  t = await createTestApp();
  leaving = await createArtist(t.app, { artist: { status: 'ACTIVE', name: 'Farewell Tour', isSearchable: true } });
  cookie.artist = await signIn(t.app, leaving);
  cookie.admin = await signIn(t.app, await createAdmin(t.app));
  song.kept = (await createStoredSong(t.app, leaving.artistId, { title: 'Kept Forever' })).id;
  song.later = (await createStoredSong(t.app, leaving.artistId, { title: 'Heard In Term' })).id;
  song.full = (await createStoredSong(t.app, leaving.artistId, { title: 'Free For All', isFullPreview: true })).id;
  song.never = (await createStoredSong(t.app, leaving.artistId, { title: 'Never Downloaded' })).id;
  albumId = (await createAlbum(t.app, leaving.artistId, { songIds: [song.kept, song.later] })).id;
  fans.subscriber = await fan();
  fans.keeper = await fan();
  fans.stranger = await fan();
  fans.subscriber.subscriptionId = (
    await createSubscription(t.app, { memberId: fans.subscriber.id, artistId: leaving.artistId })
  ).id;
  // The keeper subscribed, downloaded one song, and the subscription ended before the artist left.
  fans.keeper.subscriptionId = (
    await createSubscription(t.app, { memberId: fans.keeper.id, artistId: leaving.artistId })
  ).id;
  expect((await download(song.kept, fans.keeper.cookie)).statusCode).toBe(200);
  await endSubscription(t.app, fans.keeper.subscriptionId, 'canceled');
  expect((await download(song.kept, fans.subscriber.cookie)).statusCode).toBe(200);
  const res = await injectAs(t, cookie.admin, {
    method: 'POST',
    url: `/api/artists/${leaving.artistId}/terminate`,
    payload: { reason: 'The licence ends.' },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => t.close());

describe("a terminated artist's songs", () => {
  it('subscribers in term stream and download every song, and keep what they download', async () => {
    const { cookie: subscriber, id } = fans.subscriber;
    for (const songId of [song.kept, song.later, song.full, song.never]) {
      const played = await play(songId, subscriber);
      expect(played.statusCode, played.body).toBe(200);
      expect(played.json().full).toBe(true);
      expect((await get(`/api/songs/${songId}`, subscriber)).statusCode).toBe(200);
    }
    expect((await get(`/api/songs/${song.later}/downloads`, subscriber)).statusCode).toBe(200);
    expect((await download(song.later, subscriber, 'mp3')).statusCode).toBe(200);
    const [record] = await t.app.ctx.db
      .select({ kept: songDownloads.kept })
      .from(songDownloads)
      .where(and(eq(songDownloads.memberId, id), eq(songDownloads.songId, song.later)));
    expect(record).toEqual({ kept: true });
    const zip = await get(`/api/albums/${albumId}/download?format=mp3`, subscriber);
    expect(zip.statusCode).toBe(200);
  });

  it('nobody else hears them, previews and full-preview songs included', async () => {
    for (const as of [undefined, fans.stranger.cookie]) {
      for (const songId of [song.kept, song.full, song.never]) {
        const played = await play(songId, as);
        expect(played.statusCode, `${as ?? 'anonymous'} ${songId}`).toBe(404);
        expect((await get(`/api/songs/${songId}`, as)).statusCode).toBe(404);
      }
    }
    expect((await download(song.never, fans.stranger.cookie)).statusCode).toBe(404);
    expect((await download(song.never)).statusCode).toBe(401);
    expect((await get(`/api/albums/${albumId}/download?format=mp3`, fans.stranger.cookie)).statusCode).toBe(404);
    // The artist and admins still hear their music.
    expect((await play(song.never, cookie.artist)).json().full).toBe(true);
    expect((await play(song.never, cookie.admin)).json().full).toBe(true);
  });

  it('what a member downloaded while subscribed stays theirs, also after their term', async () => {
    const { cookie: keeper } = fans.keeper;
    expect((await download(song.kept, keeper, 'wav')).statusCode).toBe(200);
    expect((await play(song.kept, keeper)).json().full).toBe(true);
    expect((await play(song.never, keeper)).statusCode).toBe(404);
    const myMusic = await get(`/api/members/${fans.keeper.id}/my-music`, keeper);
    expect(myMusic.json().items.map((item: { id: string }) => item.id)).toEqual([song.kept]);
  });

  it('once the subscriber’s term ends, only the songs they downloaded play', async () => {
    const member = await fan();
    const subscriptionId = (await createSubscription(t.app, { memberId: member.id, artistId: leaving.artistId })).id;
    expect((await download(song.full, member.cookie)).statusCode).toBe(200);
    await endSubscription(t.app, subscriptionId, 'canceled');
    expect((await play(song.full, member.cookie)).json().full).toBe(true);
    expect((await download(song.full, member.cookie, 'wav')).statusCode).toBe(200);
    expect((await play(song.later, member.cookie)).statusCode).toBe(404);
    expect((await download(song.later, member.cookie)).statusCode).toBe(404);
  });
});

describe("a terminated artist's page", () => {
  it('shows everyone the artist with the termination and no offer; songs and albums only to subscribers in term', async () => {
    for (const as of [undefined, fans.stranger.cookie, fans.keeper.cookie]) {
      const res = await page(as);
      expect(res.statusCode).toBe(200);
      const body = artistPage.parse(res.json());
      expect(body.artist.name).toBe('Farewell Tour');
      expect(body.termination).toEqual({ terminatedAt: expect.any(String) });
      expect(body.offer).toMatchObject({ available: false, subscribed: false });
      expect(body.songs).toEqual([]);
      expect(body.albums).toEqual([]);
    }
    for (const as of [fans.subscriber.cookie, cookie.artist, cookie.admin]) {
      const body = artistPage.parse((await page(as)).json());
      expect(body.songs.map((entry) => entry.id).sort()).toEqual(Object.values(song).sort());
      expect(body.albums.map((album) => album.id)).toEqual([albumId]);
      expect(body.termination).not.toBeNull();
    }
    expect(artistPage.parse((await page(fans.subscriber.cookie)).json()).offer.subscribed).toBe(true);
    // The member summary follows the same rule.
    const summary = (as: string) => get(`/api/bff/members/artist-summary/${leaving.artistId}`, as);
    expect((await summary(fans.stranger.cookie)).json().songs).toEqual([]);
    expect((await summary(fans.subscriber.cookie)).json().songs).toHaveLength(4);
    // Another artist that merely is not approved stays hidden.
    const pending = await createArtist(t.app);
    expect((await get(`/api/artist-pages/${pending.artist.slug}`)).statusCode).toBe(404);
  });

  it('is the artist itself to anyone, and the notice reads as the licence says', async () => {
    const res = await get(`/api/artists/${leaving.artistId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', terminatedAt: expect.any(String) });
    expect(artistLeftNotice('Farewell Tour', 'May 2, 2026')).toBe(
      'Farewell Tour has left HFM on May 2, 2026. Subscribers keep access until their subscription ends, and keep every song they downloaded.',
    );
  });

  it('leaves the artist out of search, member home and the public artist list', async () => {
    const search = await get('/api/search?s=Farewell', fans.subscriber.cookie);
    expect(search.json()).toEqual([]);
    const lists = (await get('/api/playlists/agg/member-home-lists', fans.subscriber.cookie)).json();
    const ids = [...lists.newReleases, ...lists.featuredArtists].map((card: { id: string }) => card.id);
    expect(ids).not.toContain(leaving.artistId);
    const hero = (await get('/api/bff/members/hero-artist', fans.subscriber.cookie)).json();
    expect(hero?.id).not.toBe(leaving.artistId);
    const listed = (await get('/api/artists?limit=100')).json().items.map((artist: { id: string }) => artist.id);
    expect(listed).not.toContain(leaving.artistId);
  });

  it('refuses its uploads too: no new music once the licence has ended', async () => {
    const [pendingSong] = await t.app.ctx.db
      .insert(songs)
      .values({ artistId: leaving.artistId, title: 'Unfinished', status: 'pending' })
      .returning();
    const res = await injectAs(t, cookie.artist, {
      method: 'POST',
      url: `/api/songs/upload-presigned/${pendingSong!.id}`,
      payload: { files: [{ name: 'take.wav', size: 1000, type: 'audio/wav' }] },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(terminationMessages.noNewMusic);
  });
});
