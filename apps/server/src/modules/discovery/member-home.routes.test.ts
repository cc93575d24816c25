import type { ArtistSummary, HeroArtist, MemberHomeLists } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createArtist,
  createArtistPhoto,
  createArtistRow,
  createPlaylist,
  createSong,
  createUser,
  setArtist,
  signIn,
  type TestArtist,
} from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findGenreByLabel } from '../genres/genres.service.js';

/**
 * Member home: the hero artist, an artist's summary and the home lists. Times are set in the database, so
 * "newest" never depends on how fast the test runs.
 */
let t: TestApp;
const cookie = {} as Record<'fan' | 'admin' | 'pendingOwner', string>;
let empty: { hero: unknown; lists: MemberHomeLists };
const artist = {} as Record<
  'featuredOne' | 'featuredTwo' | 'pendingFeatured' | 'inactiveFeatured' | 'newestPending',
  string
>;
const plain: string[] = [];
let pendingOwner: TestArtist;
const song = {} as Record<'released' | 'fullPreview' | 'pending' | 'withdrawn' | 'future' | 'ofPending', string>;
const playlist = {} as Record<'front2' | 'front1' | 'pick3' | 'pick1' | 'radio' | 'hidden', string>;

const day = (n: number) => new Date(Date.UTC(2024, 0, 1 + n));

/** A GET as the fan, as another signed-in user (their cookie), or signed out (null). */
async function get<T = unknown>(url: string, as: string | null = cookie.fan) {
  const res = await injectAs(t, as, { method: 'GET', url });
  return { status: res.statusCode, body: res.json<T>() };
}

beforeAll(async () => {
  t = await createTestApp();
  cookie.fan = await signIn(t.app, await createUser(t.app));
  cookie.admin = await signIn(t.app, await createAdmin(t.app));
  pendingOwner = await createArtist(t.app);
  cookie.pendingOwner = await signIn(t.app, pendingOwner);
  await setArtist(t.app, pendingOwner.artistId, { featuredPosition: 0, createdAt: day(100) });
  empty = {
    hero: (await get('/api/bff/members/hero-artist')).body,
    lists: (await get<MemberHomeLists>('/api/playlists/agg/member-home-lists')).body,
  };

  artist.pendingFeatured = pendingOwner.artistId;
  artist.inactiveFeatured = (await createArtistRow(t.app, { status: 'INACTIVE', featuredPosition: 0 })).id;
  artist.featuredTwo = (await createArtistRow(t.app, { featuredPosition: 2, createdAt: day(1) })).id;
  const rock = await findGenreByLabel(t.app.ctx.db, 'Rock');
  artist.featuredOne = (
    await createArtistRow(t.app, { featuredPosition: 1, createdAt: day(2), bio: '<p>One</p>', genreId: rock!.id })
  ).id;
  // Ten plain ACTIVE artists, day 10 to day 19; the newest nine of all ACTIVE artists are among them.
  for (let n = 0; n < 10; n += 1) plain.push((await createArtistRow(t.app, { createdAt: day(10 + n) })).id);
  artist.newestPending = (await createArtistRow(t.app, { status: 'PENDING', createdAt: day(200) })).id;
  await createArtistPhoto(t.app, artist.featuredOne, 'band-photos/one/second.png');
  await createArtistPhoto(t.app, artist.featuredOne, 'band-photos/one/third.png');

  const ours = artist.featuredOne;
  const make = async (artistId: string, values: Parameters<typeof createSong>[2]) =>
    (await createSong(t.app, artistId, values)).id;
  song.released = await make(ours, { status: 'ready', title: 'Released', releaseDate: '2024-05-01' });
  song.fullPreview = await make(ours, {
    status: 'ready',
    title: 'Full',
    isFullPreview: true,
    releaseDate: '2020-01-01',
  });
  song.pending = await make(ours, { title: 'Pending' });
  song.withdrawn = await make(ours, { status: 'ready', active: false, title: 'Withdrawn' });
  song.future = await make(ours, { status: 'ready', releaseDate: '2999-01-01', title: 'Future' });
  song.ofPending = await make(pendingOwner.artistId, { status: 'ready', title: 'Of a pending artist' });
  const everySong = Object.values(song);

  playlist.front2 = await createPlaylist(t.app, { title: 'Front 2', showOnFrontPage: true, position: 2 }, everySong);
  playlist.front1 = await createPlaylist(t.app, { title: 'Front 1', showOnFrontPage: true, position: 1 });
  playlist.pick3 = await createPlaylist(t.app, { title: 'Pick 3', isHfmPicks: true, hfmPicksPosition: 3 });
  playlist.pick1 = await createPlaylist(t.app, { title: 'Pick 1', isHfmPicks: true, hfmPicksPosition: 1 });
  playlist.radio = await createPlaylist(t.app, { title: 'Radio', isHfmRadio: true }, [song.released]);
  playlist.hidden = await createPlaylist(t.app, { title: 'Nowhere' }, [song.released]);
});
afterAll(async () => t.close());

describe('GET /api/bff/members/hero-artist', () => {
  it('answers signed out too (the public /discover leads with it), the same as a fan gets', async () => {
    const anonymous = await get('/api/bff/members/hero-artist', null);
    expect(anonymous.status).toBe(200);
    expect(anonymous).toEqual(await get('/api/bff/members/hero-artist'));
  });

  it('is null in an empty catalogue (a PENDING featured artist does not count)', () => {
    expect(empty.hero).toBeNull();
  });

  it('is the ACTIVE artist first in the featured order, with _id, id, bio and photos in order', async () => {
    const { status, body } = await get<HeroArtist>('/api/bff/members/hero-artist');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: artist.featuredOne,
      id: artist.featuredOne,
      featuredPosition: 1,
      bio: '<p>One</p>',
      photos: ['/media/band-photos/one/second.png', '/media/band-photos/one/third.png'],
      photo: '/media/band-photos/one/second.png',
      genre: { label: 'Rock' },
    });
  });
});

describe('GET /api/bff/members/artist-summary/{artistId}', () => {
  const url = (id: string) => `/api/bff/members/artist-summary/${id}`;

  it('answers signed out too, the same as a fan gets; a PENDING artist is a 404 signed out', async () => {
    const anonymous = await get(url(artist.featuredOne), null);
    expect(anonymous.status).toBe(200);
    expect(anonymous).toEqual(await get(url(artist.featuredOne)));
    expect((await get(url(artist.pendingFeatured), null)).status).toBe(404);
    expect((await get(url('not-an-id'), null)).status).toBe(400);
  });

  it('is 400 for an id that is not a UUID', async () => {
    for (const bad of ['not-an-id', '123', `${artist.featuredOne}x`]) {
      const { status, body } = await get(url(bad));
      expect(status, bad).toBe(400);
      expect(body).toMatchObject({ error: { code: 'VALIDATION', fields: { artistId: 'Not an artist id.' } } });
    }
  });

  it("is 404 'No such artist.' for an unknown artist, and for one that is not ACTIVE", async () => {
    for (const id of [crypto.randomUUID(), artist.pendingFeatured, artist.inactiveFeatured]) {
      expect(await get(url(id))).toEqual({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'No such artist.' } },
      });
    }
  });

  it('shows a PENDING artist to itself and to admins', async () => {
    for (const as of [cookie.pendingOwner, cookie.admin]) {
      const { status, body } = await get<ArtistSummary>(url(artist.pendingFeatured), as);
      expect(status).toBe(200);
      expect(body.songs.map((s) => s.id)).toEqual([song.ofPending]);
    }
  });

  it('answers the artist and their released songs only, full-preview first, then newest', async () => {
    const { status, body } = await get<ArtistSummary>(url(artist.featuredOne));
    expect(status).toBe(200);
    expect(body).toMatchObject({ _id: artist.featuredOne, id: artist.featuredOne, bio: '<p>One</p>' });
    expect(body.songs.map((s) => s.title)).toEqual(['Full', 'Released']);
    expect(body.songs[1]).toMatchObject({
      _id: song.released,
      id: song.released,
      artistID: artist.featuredOne,
      releaseDate: '05/01/2024',
      albumIDs: [],
    });
  });
});

describe('GET /api/playlists/agg/member-home-lists', () => {
  const url = '/api/playlists/agg/member-home-lists';

  it("answers signed out too, the same as a fan gets (nothing in it is the viewer's)", async () => {
    const anonymous = await get(url, null);
    expect(anonymous.status).toBe(200);
    expect(anonymous).toEqual(await get(url));
  });

  it('has empty lists (but the genres) in an empty catalogue', async () => {
    const genres = (await get<unknown[]>('/api/genres')).body;
    expect(empty.lists).toEqual({
      frontPage: [],
      hfmPicks: [],
      hfmRadio: [],
      featuredArtists: [],
      genres,
      newReleases: [],
    });
  });

  it('orders each list by its own position', async () => {
    const { status, body } = await get<MemberHomeLists>(url);
    expect(status).toBe(200);
    expect(body.frontPage.map((p) => p.title)).toEqual(['Front 1', 'Front 2']);
    expect(body.hfmPicks.map((p) => [p.title, p.HFMPicksPosition])).toEqual([
      ['Pick 1', 1],
      ['Pick 3', 3],
    ]);
    expect(body.hfmRadio.map((p) => p.title)).toEqual(['Radio']);
    expect(body.featuredArtists.map((a) => [a.id, a.featuredPosition])).toEqual([
      [artist.featuredOne, 1],
      [artist.featuredTwo, 2],
    ]);
  });

  it('counts only the songs fans can hear in a playlist', async () => {
    const { body } = await get<MemberHomeLists>(url);
    expect(body.frontPage.find((p) => p.id === playlist.front2)).toMatchObject({
      _id: playlist.front2,
      songCount: 2,
      showOnFrontPage: true,
      position: 2,
    });
    expect(body.frontPage.find((p) => p.id === playlist.front1)?.songCount).toBe(0);
  });

  it('has the 9 most recently created ACTIVE artists as new releases, newest first', async () => {
    const { body } = await get<MemberHomeLists>(url);
    expect(body.newReleases.map((a) => a.id)).toEqual(plain.slice(1).reverse());
    expect(body.newReleases[0]).toMatchObject({ _id: plain[9], slug: expect.stringMatching(/^band-/), genre: null });
  });

  it('has every genre, by label (as GET /api/genres lists them)', async () => {
    const { body } = await get<MemberHomeLists>(url);
    expect(body.genres.map((g) => g.label)).toContain('Rock');
    expect(body.genres).toEqual((await get('/api/genres')).body);
  });
});

describe('the hero when no ACTIVE artist is featured', () => {
  it('is the newest ACTIVE artist', async () => {
    await setArtist(t.app, artist.featuredOne, { featuredPosition: -1 });
    await setArtist(t.app, artist.featuredTwo, { featuredPosition: -1 });
    try {
      const { body } = await get<HeroArtist>('/api/bff/members/hero-artist');
      expect(body.id).toBe(plain[9]);
      expect(body.photos).toEqual([]);
    } finally {
      await setArtist(t.app, artist.featuredOne, { featuredPosition: 1 });
      await setArtist(t.app, artist.featuredTwo, { featuredPosition: 2 });
    }
  });
});
