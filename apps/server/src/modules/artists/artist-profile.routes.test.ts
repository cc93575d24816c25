import crypto from 'node:crypto';
import { messages, RATING_CATEGORIES, type PublicArtist } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artists } from '../../platform/db/schema/artists.js';
import {
  createAdmin,
  createArtist,
  createArtistPhoto,
  createSong,
  createUser,
  signIn,
  type TestArtist,
} from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { recordStatements } from '../../test/statements.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findGenreByLabel } from '../genres/genres.service.js';
import { updateArtistRow } from './artists.repository.js';

let t: TestApp;
let artist: TestArtist;
let other: TestArtist;
let artistCookie: string;
let otherCookie: string;
let fanCookie: string;
let adminCookie: string;
let rockId: string;
let jazzId: string;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createArtist(t.app, { artist: { name: 'Pending Band' } });
  other = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
  artistCookie = await signIn(t.app, artist);
  otherCookie = await signIn(t.app, other);
  fanCookie = await signIn(t.app, await createUser(t.app));
  adminCookie = await signIn(t.app, await createAdmin(t.app));
  rockId = (await findGenreByLabel(t.app.ctx.db, 'Rock'))!.id;
  jazzId = (await findGenreByLabel(t.app.ctx.db, 'Jazz'))!.id;
});
afterAll(async () => t.close());

const put = (cookie: string | undefined, id: string, payload: object) =>
  injectAs(t, cookie, { method: 'PUT', url: `/api/artists/${id}`, payload });
const get = (cookie: string | undefined, id: string) =>
  injectAs(t, cookie, { method: 'GET', url: `/api/artists/${id}` });

describe('GET /api/artists/{id}', () => {
  it('answers 400 for an id that is not a UUID and 404 for an unknown one', async () => {
    expect((await get(undefined, 'nope')).statusCode).toBe(400);
    expect((await get(adminCookie, crypto.randomUUID())).statusCode).toBe(404);
  });

  it('hides an artist that is not ACTIVE from the public, fans and other artists (404)', async () => {
    for (const cookie of [undefined, fanCookie, otherCookie]) {
      const res = await get(cookie, artist.artistId);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('shows a PENDING artist to itself and to admins', async () => {
    for (const cookie of [artistCookie, adminCookie]) {
      const res = await get(cookie, artist.artistId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: artist.artistId, status: 'PENDING', name: 'Pending Band' });
    }
  });

  it('shows an ACTIVE artist to everyone, with the derived values', async () => {
    await updateArtistRow(t.app.ctx.db, other.artistId, {
      scoreMatrix: [
        { label: 'Following', score: 7 },
        { label: 'Presentation', score: 4 },
      ],
      bannerImage: `banner-images/${other.artistId}/banner-1.png`,
    });
    const res = await get(undefined, other.artistId);
    expect(res.statusCode).toBe(200);
    const body: PublicArtist = res.json();
    expect(body.totalScore).toBe(11);
    expect(body.songDirectory).toBe(`${other.artistId}${body.name.replace(/ /g, '_')}`);
    expect(body.bannerImagePath).toBe(
      `/media/banner-images/${other.artistId}/banner-1.png?t=${new Date(body.updatedAt).getTime()}`,
    );
  });
});

describe('GET /api/artists (paged)', () => {
  let searchable: TestArtist;
  let tierOne: TestArtist;
  beforeAll(async () => {
    searchable = await createArtist(t.app, { artist: { status: 'ACTIVE', isSearchable: true } });
    tierOne = await createArtist(t.app, { artist: { status: 'ACTIVE', isSearchable: true, tier: 'Tier 1' } });
    await createArtist(t.app, { artist: { status: 'INACTIVE', isSearchable: true, tier: 'Tier 1' } });
  });
  const list = async (cookie: string | undefined, query = '') => {
    const res = await injectAs(t, cookie, { method: 'GET', url: `/api/artists${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: PublicArtist[]; pagination: Record<string, unknown> };
  };

  it('answers 400 for a bad page or limit', async () => {
    expect((await injectAs(t, undefined, { method: 'GET', url: '/api/artists?page=0' })).statusCode).toBe(400);
    expect((await injectAs(t, undefined, { method: 'GET', url: '/api/artists?limit=1000' })).statusCode).toBe(400);
    expect((await injectAs(t, adminCookie, { method: 'GET', url: '/api/artists?status=GONE' })).statusCode).toBe(400);
  });

  it('shows the public only ACTIVE, searchable artists, newest first, and ignores their filters', async () => {
    for (const cookie of [undefined, fanCookie, artistCookie]) {
      const body = await list(cookie, '?status=PENDING&tier=In%20Review');
      expect(body.items.map((a) => a.id)).toEqual([tierOne.artistId, searchable.artistId]);
      expect(body.pagination).toEqual({ page: 1, limit: 12, total: 2, pageCount: 1, hasMore: false });
    }
  });

  it('answers each artist as GET /api/artists/{id} does: genre and photos in their order', async () => {
    await updateArtistRow(t.app.ctx.db, searchable.artistId, { genreId: jazzId });
    for (const key of ['second.png', 'first.png']) await createArtistPhoto(t.app, searchable.artistId, key);
    const listed = (await list(undefined)).items.find((a) => a.id === searchable.artistId)!;
    expect(listed.genre?.id).toBe(jazzId);
    expect(listed.photos).toHaveLength(2);
    expect(listed).toEqual((await get(undefined, searchable.artistId)).json());
    const withoutPhotos = (await list(undefined)).items.find((a) => a.id === tierOne.artistId)!;
    expect(withoutPhotos.photos).toEqual([]);
    expect(withoutPhotos).toEqual((await get(undefined, tierOne.artistId)).json());
  });

  it('reads the public page in three statements: the page with its photos, the count, the genres', async () => {
    await list(undefined);
    expect(await recordStatements(t, () => list(undefined))).toHaveLength(3);
  });

  it('pages with page and limit', async () => {
    const first = await list(undefined, '?page=1&limit=1');
    const second = await list(undefined, '?page=2&limit=1');
    expect(first.items.map((a) => a.id)).toEqual([tierOne.artistId]);
    expect(first.pagination).toMatchObject({ page: 1, limit: 1, total: 2, pageCount: 2, hasMore: true });
    expect(second.items.map((a) => a.id)).toEqual([searchable.artistId]);
    expect(second.pagination.hasMore).toBe(false);
  });

  it('shows admins every artist, with status and tier filters and the spec defaults on request', async () => {
    const all = await list(adminCookie, '?limit=100');
    expect(all.pagination.total).toBe(5);
    const pending = await list(adminCookie, '?status=PENDING');
    expect(pending.items.map((a) => a.id)).toEqual([artist.artistId]);
    const tier = await list(adminCookie, '?tier=Tier%201');
    expect(tier.items.map((a) => a.status).sort()).toEqual(['ACTIVE', 'INACTIVE']);
    const defaults = await list(adminCookie, '?defaults=1');
    expect(defaults.items.map((a) => a.id)).toEqual([tierOne.artistId]);
    const overridden = await list(adminCookie, '?defaults=1&status=INACTIVE');
    expect(overridden.items.map((a) => [a.status, a.tier])).toEqual([['INACTIVE', 'Tier 1']]);
  });
});

describe('PUT /api/artists/{id}', () => {
  it('answers 401 signed out, 400 for a non-UUID id, 403 for a visible artist, 404 for a hidden or unknown one', async () => {
    expect((await put(undefined, artist.artistId, { name: 'X' })).statusCode).toBe(401);
    expect((await put(artistCookie, 'not-a-uuid', { name: 'X' })).statusCode).toBe(400);
    // docs/decisions/0006: someone else's PENDING artist is hidden (404); an ACTIVE one is visible (403).
    expect((await put(otherCookie, artist.artistId, { name: 'X' })).statusCode).toBe(404);
    expect((await put(fanCookie, artist.artistId, { name: 'X' })).statusCode).toBe(404);
    expect((await put(fanCookie, crypto.randomUUID(), { name: 'X' })).statusCode).toBe(404);
    expect((await put(artistCookie, other.artistId, { name: 'X' })).statusCode).toBe(403);
    expect((await put(fanCookie, other.artistId, { name: 'X' })).statusCode).toBe(403);
    expect((await put(adminCookie, crypto.randomUUID(), { name: 'X' })).statusCode).toBe(404);
    expect((await get(adminCookie, artist.artistId)).json().name).toBe('Pending Band');
  });

  it.each([
    ['an empty name', { name: '   ' }, { name: messages.artistName }],
    ['an unknown genre', { genre: crypto.randomUUID() }, { genre: messages.genre }],
    ['a genre that is not an id', { genre: 'Rock' }, { genre: messages.genre }],
    ['a null genre', { genre: null }, { genre: messages.genre }],
    ['an empty bio', { bio: '' }, { bio: messages.bio }],
    ['a bio of markup only', { bio: '<p><br></p><p>&nbsp;</p>' }, { bio: messages.bio }],
    ['a bio that is only a script', { bio: '<script>alert("x")</script>' }, { bio: messages.bio }],
    ['a bio that is not text', { bio: 42 }, { bio: messages.bio }],
  ])('answers 400 for %s and changes nothing', async (_case, payload, fields) => {
    const res = await put(artistCookie, artist.artistId, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual(fields);
    expect((await get(artistCookie, artist.artistId)).json().name).toBe('Pending Band');
  });

  it('names every bad field at once', async () => {
    const res = await put(artistCookie, artist.artistId, { genre: 'x', bio: '<p></p>', hfmPicksOptIn: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain('hfmPicksOptIn');
    const semantic = await put(artistCookie, artist.artistId, { genre: 'x', bio: '<p></p>' });
    expect(semantic.json().error.fields).toEqual({ genre: messages.genre, bio: messages.bio });
  });

  it('lets the artist change name, genre (id or object), bio and the opt-in', async () => {
    const res = await put(artistCookie, artist.artistId, {
      name: '  The Renamed  ',
      genre: { _id: jazzId, label: 'Jazz' },
      bio: '<p>We are <strong>loud</strong>.</p>',
      hfmPicksOptIn: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'The Renamed',
      genreID: jazzId,
      genre: { id: jazzId, label: 'Jazz' },
      bio: '<p>We are <strong>loud</strong>.</p>',
      hfmPicksOptIn: false,
      songDirectory: `${artist.artistId}The_Renamed`,
    });
    const byId = await put(artistCookie, artist.artistId, { genre: rockId });
    expect(byId.json().genreID).toBe(rockId);
  });

  it('sanitises the bio: scripts, handlers and javascript: links are removed, safe links get rel', async () => {
    const bio =
      '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror="alert(1)"> ' +
      '<a href="javascript:alert(1)">bad</a> <a href="https://band.test" target="_blank">site</a></p>';
    const res = await put(artistCookie, artist.artistId, { bio });
    expect(res.statusCode).toBe(200);
    expect(res.json().bio).toBe(
      '<p>Hi bad <a href="https://band.test" rel="noopener noreferrer nofollow">site</a></p>',
    );
    const stored = (await get(adminCookie, artist.artistId)).json().bio as string;
    expect(stored).not.toMatch(/script|onerror|onclick|javascript:/i);
  });

  it('works as PATCH too', async () => {
    const res = await injectAs(t, artistCookie, {
      method: 'PATCH',
      url: `/api/artists/${artist.artistId}`,
      payload: { hfmPicksOptIn: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().hfmPicksOptIn).toBe(true);
  });

  it('refuses (403) an artist that sends admin-only fields, naming each, and saves nothing', async () => {
    const whole = (await get(artistCookie, artist.artistId)).json();
    const res = await put(artistCookie, artist.artistId, {
      ...whole,
      name: 'Still Me',
      status: 'ACTIVE',
      tier: 'Tier 1',
      isFeatured: true,
      featuredBio: 'Me!',
      featuredPosition: 0,
      scoreMatrix: [{ label: 'Following', score: 9 }],
      isSearchable: true,
      searchStatus: { isSearchable: true },
      isExclusive: true,
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect(Object.keys(res.json().error.fields).sort()).toEqual(
      [
        'status',
        'tier',
        'isFeatured',
        'featuredBio',
        'featuredPosition',
        'scoreMatrix',
        'isSearchable',
        'searchStatus',
        'isExclusive',
      ].sort(),
    );
    expect(res.json().error.fields.tier).toBe('Only an admin can change tier.');
    expect((await get(artistCookie, artist.artistId)).json()).toMatchObject({
      name: whole.name,
      status: 'PENDING',
      tier: 'In Review',
      isFeatured: false,
      featuredBio: null,
      featuredPosition: -1,
      scoreMatrix: [],
      searchStatus: { isSearchable: false },
      isExclusive: false,
    });
  });

  it('lets an admin edit any artist, admin-only fields included', async () => {
    const scoreMatrix = RATING_CATEGORIES.map((label, index) => ({ label, score: index + 1 }));
    // status ACTIVE is an approval, which needs a ready audition song.
    await createSong(t.app, artist.artistId, { status: 'ready' });
    const res = await put(adminCookie, artist.artistId, {
      name: 'Admin Edited',
      bio: '<p>Curated.</p>',
      status: 'ACTIVE',
      tier: 'Tier 2',
      isFeatured: true,
      featuredBio: '  Our pick.  ',
      featuredPosition: 2,
      scoreMatrix,
      searchStatus: { isSearchable: true },
      isExclusive: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Admin Edited',
      status: 'ACTIVE',
      tier: 'Tier 2',
      isFeatured: true,
      featuredBio: 'Our pick.',
      // The only featured artist: position 2 is clamped to the end of the order.
      featuredPosition: 0,
      scoreMatrix,
      totalScore: 45,
      searchStatus: { isSearchable: true },
      isExclusive: true,
    });
    expect((await get(undefined, artist.artistId)).statusCode).toBe(200);
    const hidden = await put(adminCookie, artist.artistId, { isSearchable: false, status: 'PENDING' });
    expect(hidden.json()).toMatchObject({
      status: 'PENDING',
      searchStatus: { isSearchable: false },
      isFeatured: false,
      featuredPosition: -1,
    });
  });

  it.each([
    ['an unknown label', [{ label: 'Charisma', score: 5 }], 'scoreMatrix.0.label'],
    ['a score above 9', [{ label: 'Following', score: 10 }], 'scoreMatrix.0.score'],
    ['a negative score', [{ label: 'Following', score: -1 }], 'scoreMatrix.0.score'],
    ['a fractional score', [{ label: 'Following', score: 4.5 }], 'scoreMatrix.0.score'],
    [
      'a repeated label',
      [
        { label: 'Following', score: 1 },
        { label: 'Following', score: 2 },
      ],
      'scoreMatrix',
    ],
  ])('refuses a score matrix with %s (400)', async (_case, scoreMatrix, field) => {
    const res = await put(adminCookie, artist.artistId, { scoreMatrix });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
  });

  it('accepts 0 (not rated) and 1 to 9 as scores', async () => {
    const res = await put(adminCookie, artist.artistId, {
      scoreMatrix: [
        { label: 'Following', score: 0 },
        { label: 'Presentation', score: 9 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalScore).toBe(9);
  });

  it.each([
    ['status', { status: 'APPROVED' }],
    ['tier', { tier: '' }],
    ['tier', { tier: 'Tier 9' }],
    ['featuredPosition', { featuredPosition: -2 }],
    ['isFeatured', { isFeatured: 'yes' }],
  ])('refuses a bad admin field %s (400)', async (field, payload) => {
    const res = await put(adminCookie, artist.artistId, payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
  });

  it('moves the banner timestamp query when the artist changes', async () => {
    await updateArtistRow(t.app.ctx.db, artist.artistId, { bannerImage: `banner-images/${artist.artistId}/b.png` });
    // A last change well in the past, so the edit below stamps a different time however fast it runs.
    const past = new Date('2020-01-01T00:00:00Z');
    await t.app.ctx.db.update(artists).set({ updatedAt: past }).where(eq(artists.id, artist.artistId));
    const before = (await get(artistCookie, artist.artistId)).json().bannerImagePath as string;
    expect(before).toBe(`/media/banner-images/${artist.artistId}/b.png?t=${past.getTime()}`);
    const after = (await put(artistCookie, artist.artistId, { name: 'Timed' })).json();
    expect(after.bannerImagePath).not.toBe(before);
    expect(after.bannerImagePath).toBe(
      `/media/banner-images/${artist.artistId}/b.png?t=${new Date(after.updatedAt).getTime()}`,
    );
  });
});
