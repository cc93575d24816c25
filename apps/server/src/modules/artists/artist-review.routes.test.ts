import {
  ARTIST_ADMIN_FIELDS,
  auditionSongsNeeded,
  RATING_CATEGORIES,
  type PagedArtists,
  type PagedSongs,
  type PublicArtist,
} from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createArtist,
  createSong,
  createUser,
  readMails,
  signIn,
  type TestArtist,
} from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { CONFIRMATION_MAIL_JOB } from '../auth/confirmation-mail.js';
import { APPROVAL_MAIL_JOB } from './approval-mail.js';
import { updateArtistRow } from './artists.repository.js';

/** Reviewing artists: admin-only fields, approval (and its mail), and the admin artist list. */

let t: TestApp;
let adminCookie: string;
let fanCookie: string;

beforeAll(async () => {
  t = await createTestApp({}, { work: [CONFIRMATION_MAIL_JOB, APPROVAL_MAIL_JOB] });
  adminCookie = await signIn(t.app, await createAdmin(t.app));
  fanCookie = await signIn(t.app, await createUser(t.app));
});
afterAll(async () => t.close());

const patch = (cookie: string | undefined, id: string, payload: object) =>
  injectAs(t, cookie, { method: 'PATCH', url: `/api/artists/${id}`, payload });
const artistAs = async (cookie: string, id: string): Promise<PublicArtist> =>
  (await injectAs(t, cookie, { method: 'GET', url: `/api/artists/${id}` })).json();

async function approvalMails(to: string): Promise<string[]> {
  await t.app.ctx.jobs.idle([APPROVAL_MAIL_JOB]);
  return (await readMails(t, to)).filter((mail) => /approved on HFM|active on HFM again/.test(mail));
}

describe('PATCH /api/artists/{id}: admin-only fields', () => {
  let artist: TestArtist;
  let artistCookie: string;
  beforeAll(async () => {
    artist = await createArtist(t.app, { artist: { name: 'Own Band' } });
    artistCookie = await signIn(t.app, artist);
  });

  const valueOf: Record<(typeof ARTIST_ADMIN_FIELDS)[number], unknown> = {
    status: 'ACTIVE',
    tier: 'Tier 1',
    isFeatured: true,
    featuredBio: 'Me!',
    featuredPosition: 0,
    scoreMatrix: [{ label: 'Following', score: 9 }],
    isSearchable: true,
    searchStatus: { isSearchable: true },
    isExclusive: false,
  };

  it.each(ARTIST_ADMIN_FIELDS.map((field) => [field]))(
    'refuses %s from the artist itself (403 naming it), with the other fields unsaved',
    async (field) => {
      const res = await patch(artistCookie, artist.artistId, { name: 'Renamed', [field]: valueOf[field] });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toEqual({
        code: 'FORBIDDEN',
        message: `Only an admin can change ${field}.`,
        fields: { [field]: `Only an admin can change ${field}.` },
      });
      expect((await artistAs(artistCookie, artist.artistId)).name).toBe('Own Band');
    },
  );

  it('refuses the field whatever its value, even the one it has (null featuredBio, false isFeatured)', async () => {
    for (const payload of [{ featuredBio: null }, { isFeatured: false }, { status: 'PENDING' }]) {
      const res = await patch(artistCookie, artist.artistId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
    }
  });

  it('still lets the artist save its own fields', async () => {
    const res = await patch(artistCookie, artist.artistId, { name: 'Own Band', hfmPicksOptIn: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('user');
  });

  it('answers 400 for a tier that is not one of the tiers', async () => {
    const res = await patch(adminCookie, artist.artistId, { tier: 'Gold' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ tier: 'The tier must be one of: In Review, Tier 1, Tier 2, Tier 3.' });
  });

  it('answers 400 when isFeatured and featuredPosition contradict each other', async () => {
    for (const payload of [
      { isFeatured: true, featuredPosition: -1 },
      { isFeatured: false, featuredPosition: 2 },
    ]) {
      const res = await patch(adminCookie, artist.artistId, payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(['featuredPosition']);
    }
  });

  it('answers 409 for featuring an artist that is not ACTIVE, and changes nothing', async () => {
    const res = await patch(adminCookie, artist.artistId, { isFeatured: true, tier: 'Tier 3' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Only ACTIVE artists can be featured.');
    expect(await artistAs(adminCookie, artist.artistId)).toMatchObject({ tier: 'In Review', isFeatured: false });
  });
});

describe('the audition an admin reviews', () => {
  it('lists every song of a PENDING artist to admins, with the admin columns (explicit, plays, Hi Fives)', async () => {
    const artist = await createArtist(t.app);
    await createSong(t.app, artist.artistId, { title: 'Ready One', status: 'ready', explicit: true, plays: 12 });
    await createSong(t.app, artist.artistId, { title: 'Still Uploading', status: 'uploading' });
    const res = await injectAs(t, adminCookie, {
      method: 'GET',
      url: `/api/songs/artist/${artist.artistId}?limit=100`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const songs = (res.json() as PagedSongs).items;
    expect(songs.map((song) => song.title).sort()).toEqual(['Ready One', 'Still Uploading']);
    expect(songs.find((song) => song.title === 'Ready One')).toMatchObject({ explicit: true, plays: 12, hifives: 0 });
    expect(
      (await injectAs(t, fanCookie, { method: 'GET', url: `/api/songs/artist/${artist.artistId}` })).statusCode,
    ).toBe(404);
  });
});

/** A PENDING artist with the audition approval needs: one ready song. */
async function auditioned(overrides: Parameters<typeof createArtist>[1] = {}): Promise<TestArtist> {
  const artist = await createArtist(t.app, overrides);
  await createSong(t.app, artist.artistId, { title: 'Audition', status: 'ready' });
  return artist;
}

describe('approval', () => {
  it('answers 409 without a ready audition song (none, or only pending and failed ones), and changes nothing', async () => {
    const artist = await createArtist(t.app);
    const refused = await patch(adminCookie, artist.artistId, { status: 'ACTIVE', tier: 'Tier 2' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toEqual({ code: 'CONFLICT', message: auditionSongsNeeded });
    await createSong(t.app, artist.artistId, { status: 'pending' });
    await createSong(t.app, artist.artistId, { status: 'failed' });
    expect((await patch(adminCookie, artist.artistId, { status: 'ACTIVE' })).statusCode).toBe(409);
    expect(await artistAs(adminCookie, artist.artistId)).toMatchObject({
      status: 'PENDING',
      tier: 'In Review',
      approvedAt: null,
    });
    expect(await approvalMails(artist.email)).toEqual([]);
    await createSong(t.app, artist.artistId, { status: 'ready' });
    expect((await patch(adminCookie, artist.artistId, { status: 'ACTIVE' })).json()).toMatchObject({
      status: 'ACTIVE',
      readySongs: 1,
    });
  });

  it('tells admins how many ready songs an artist has, and nobody else', async () => {
    const artist = await auditioned();
    await createSong(t.app, artist.artistId, { status: 'uploading' });
    expect((await artistAs(adminCookie, artist.artistId)).readySongs).toBe(1);
    expect((await artistAs(await signIn(t.app, artist), artist.artistId)).readySongs).toBeUndefined();
  });

  it('sets ACTIVE, stamps approvedAt, makes the artist searchable and Tier 1, and mails it', async () => {
    const artist = await auditioned({ artist: { name: 'Approved Band' } });
    const scoreMatrix = RATING_CATEGORIES.map((label) => ({ label, score: 5 }));
    await patch(adminCookie, artist.artistId, { scoreMatrix });
    const before = Date.now();
    const res = await patch(adminCookie, artist.artistId, { status: 'ACTIVE' });
    expect(res.statusCode, res.body).toBe(200);
    const approved: PublicArtist = res.json();
    expect(approved).toMatchObject({
      status: 'ACTIVE',
      tier: 'Tier 1',
      searchStatus: { isSearchable: true },
      totalScore: 45,
      user: { id: artist.id, email: artist.email },
    });
    expect(new Date(approved.approvedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const mails = await approvalMails(artist.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Approved Band is approved on HFM');
    expect(mails[0]).toContain(`${t.config.publicUrl}/a/approved-band`);
    expect(mails[0]).toContain(`${t.config.publicUrl}/artist/`);
    // Now a listener finds it: the public list and search.
    const listed = await injectAs(t, undefined, { method: 'GET', url: '/api/artists?limit=100' });
    expect((listed.json() as PagedArtists).items.map((a) => a.id)).toContain(artist.artistId);
    const found = await injectAs(t, fanCookie, { method: 'GET', url: '/api/search?s=Approved%20Band' });
    expect(found.statusCode).toBe(200);
    expect(JSON.stringify(found.json())).toContain(artist.artistId);
  });

  it('keeps a tier and searchability the request sends, and a tier set before approval', async () => {
    const sent = await auditioned();
    const res = await patch(adminCookie, sent.artistId, { status: 'ACTIVE', tier: 'Tier 2', isSearchable: false });
    expect(res.json()).toMatchObject({ status: 'ACTIVE', tier: 'Tier 2', searchStatus: { isSearchable: false } });
    const tiered = await auditioned();
    await patch(adminCookie, tiered.artistId, { tier: 'Tier 3' });
    expect((await patch(adminCookie, tiered.artistId, { status: 'ACTIVE' })).json().tier).toBe('Tier 3');
  });

  it('keeps the first approvedAt and mails "active again" after INACTIVE; saving ACTIVE again sends nothing', async () => {
    const artist = await auditioned({ artist: { name: 'Back Again' } });
    const first = (await patch(adminCookie, artist.artistId, { status: 'ACTIVE' })).json() as PublicArtist;
    await patch(adminCookie, artist.artistId, { status: 'ACTIVE', tier: 'Tier 2' });
    expect(await approvalMails(artist.email)).toHaveLength(1);
    const inactive = await patch(adminCookie, artist.artistId, { status: 'INACTIVE' });
    expect(inactive.json()).toMatchObject({ status: 'INACTIVE', approvedAt: first.approvedAt });
    const again = (await patch(adminCookie, artist.artistId, { status: 'ACTIVE' })).json() as PublicArtist;
    expect(again.approvedAt).toBe(first.approvedAt);
    const mails = await approvalMails(artist.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('Subject: Back Again is active on HFM again');
  });

  it('skips the mail when the artist is no longer ACTIVE by the time it would go', async () => {
    const artist = await createArtist(t.app);
    await t.app.ctx.db.transaction(async (tx) => {
      const ctx = { ...t.app.ctx, db: tx as unknown as typeof t.app.ctx.db };
      await updateArtistRow(ctx.db, artist.artistId, { status: 'INACTIVE' });
      await ctx.jobs.send(APPROVAL_MAIL_JOB, { artistId: artist.artistId, again: false }, { db: ctx.db });
    });
    expect(await approvalMails(artist.email)).toEqual([]);
  });
});

describe('GET /api/artists for admins: search and sort', () => {
  let alpha: TestArtist;
  let beta: TestArtist;
  let gamma: TestArtist;
  const ids = (page: PagedArtists) => page.items.map((a) => a.id);
  const list = async (cookie: string | undefined, query: string): Promise<PagedArtists> => {
    const res = await injectAs(t, cookie, { method: 'GET', url: `/api/artists?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    alpha = await createArtist(t.app, {
      artist: { name: 'Zz Alpha 100%', status: 'ACTIVE', isSearchable: true, tier: 'Tier 1' },
      user: { email: 'zz-first@label.test' },
    });
    beta = await createArtist(t.app, {
      artist: { name: 'Zz beta', status: 'PENDING' },
      user: { email: 'zz-second@label.test' },
    });
    gamma = await createArtist(t.app, {
      artist: { name: 'zz Gamma', status: 'PENDING' },
      user: { email: 'someone@elsewhere.test' },
    });
    await updateArtistRow(t.app.ctx.db, alpha.artistId, { scoreMatrix: [{ label: 'Following', score: 3 }] });
    await updateArtistRow(t.app.ctx.db, beta.artistId, {
      scoreMatrix: [
        { label: 'Following', score: 9 },
        { label: 'Presentation', score: 9 },
      ],
    });
    await updateArtistRow(t.app.ctx.db, gamma.artistId, { scoreMatrix: [{ label: 'Following', score: 7 }] });
  });

  it('answers 400 for an unknown sort, order or tier', async () => {
    for (const query of ['sort=hifives', 'order=up', 'tier=Gold', `search=${'x'.repeat(201)}`]) {
      expect((await injectAs(t, adminCookie, { method: 'GET', url: `/api/artists?${query}` })).statusCode).toBe(400);
    }
  });

  it('finds artists by name or their account’s email, in any case, from one character', async () => {
    expect(ids(await list(adminCookie, 'search=ZZ%20GAMMA'))).toEqual([gamma.artistId]);
    expect(ids(await list(adminCookie, 'search=label.test')).sort()).toEqual([alpha.artistId, beta.artistId].sort());
    expect(ids(await list(adminCookie, 'search=%25'))).toEqual([alpha.artistId]);
    expect((await list(adminCookie, 'search=z&limit=100')).pagination.total).toBeGreaterThanOrEqual(3);
    expect(ids(await list(adminCookie, 'search=zz-second@'))).toEqual([beta.artistId]);
  });

  it('combines search with status and shows admins the account', async () => {
    const pending = await list(adminCookie, 'search=zz&status=PENDING&sort=name&order=asc');
    expect(ids(pending)).toEqual([beta.artistId, gamma.artistId]);
    expect(pending.items[0]!.user).toMatchObject({ email: 'zz-second@label.test', firstName: 'Test' });
  });

  it('sorts by totalScore, name and createdAt, either way', async () => {
    expect(ids(await list(adminCookie, 'search=zz&sort=totalScore'))).toEqual([
      beta.artistId,
      gamma.artistId,
      alpha.artistId,
    ]);
    expect(ids(await list(adminCookie, 'search=zz&sort=totalScore&order=asc'))).toEqual([
      alpha.artistId,
      gamma.artistId,
      beta.artistId,
    ]);
    expect(ids(await list(adminCookie, 'search=zz&sort=name&order=asc'))).toEqual([
      alpha.artistId,
      beta.artistId,
      gamma.artistId,
    ]);
    expect(ids(await list(adminCookie, 'search=zz'))).toEqual([gamma.artistId, beta.artistId, alpha.artistId]);
    expect(ids(await list(adminCookie, 'search=zz&sort=createdAt&order=asc'))).toEqual([
      alpha.artistId,
      beta.artistId,
      gamma.artistId,
    ]);
  });

  it('pages a sorted search', async () => {
    const second = await list(adminCookie, 'search=zz&sort=totalScore&page=2&limit=1');
    expect(ids(second)).toEqual([gamma.artistId]);
    expect(second.pagination).toEqual({ page: 2, limit: 1, total: 3, pageCount: 3, hasMore: true });
  });

  it('ignores search and sort from anyone but an admin, and never shows them accounts', async () => {
    const publicList = await list(fanCookie, 'search=zz-second&sort=name&order=asc&limit=100');
    expect(ids(publicList)).not.toContain(beta.artistId);
    expect(ids(publicList)).toContain(alpha.artistId);
    expect(publicList.items.every((a) => a.user === undefined)).toBe(true);
    const fanView = await injectAs(t, fanCookie, { method: 'GET', url: `/api/artists/${alpha.artistId}` });
    expect(fanView.json()).not.toHaveProperty('user');
  });
});
