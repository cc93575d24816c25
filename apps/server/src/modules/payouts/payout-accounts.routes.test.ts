import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artists } from '../../platform/db/schema/artists.js';
import { localConnectAccounts } from '../../platform/db/schema/payments.js';
import { payoutAccounts } from '../../platform/db/schema/payouts.js';
import { createAdmin, createArtist, createUser, signIn, type TestArtist } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { artistWithCookie, createPayoutTestApp, onboardArtist, type PayoutTestApp } from '../../test/payout-helpers.js';

let t: PayoutTestApp;
let admin: string;
let fan: string;

beforeAll(async () => {
  t = await createPayoutTestApp();
  admin = await signIn(t.app, await createAdmin(t.app));
  fan = await signIn(t.app, await createUser(t.app));
});
afterAll(async () => t.close());

const create = (cookie: string | undefined, payload?: object) =>
  injectAs(t, cookie, {
    method: 'POST',
    url: '/api/artists/create-connect-account',
    ...(payload ? { payload } : {}),
  });
const link = (cookie: string | undefined, id: string) =>
  injectAs(t, cookie, { method: 'POST', url: `/api/artists/create-account-link/${id}` });
const retrieve = (cookie: string | undefined, id: string) =>
  injectAs(t, cookie, {
    method: 'GET',
    url: `/api/artists/retrieve-connect-account/${id}`,
  });
async function paymentServiceIdOf(artist: TestArtist) {
  const [row] = await t.app.ctx.db.select().from(artists).where(eq(artists.id, artist.artistId));
  return row!.paymentServiceId;
}

describe('POST /api/artists/create-connect-account', () => {
  it('refuses anonymous callers (401) and fans (403)', async () => {
    expect((await create(undefined)).statusCode).toBe(401);
    const res = await create(fan);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it.each([
    ['country', { country: 'Narnia' }],
    ['artistID', { artistID: 'not-an-id' }],
  ])('answers 400 naming %s', async (field, payload) => {
    const { cookie } = await artistWithCookie(t);
    const res = await create(cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
  });

  it('asks an admin to name the artist (400)', async () => {
    const res = await create(admin, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ artistID: 'Name the artist (artistID) to set up payouts for.' });
  });

  it("refuses another artist's account: 403 for an approved artist, 404 for one not yet approved", async () => {
    const { cookie } = await artistWithCookie(t);
    const approved = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const pending = await createArtist(t.app);
    expect((await create(cookie, { artistID: approved.artistId })).statusCode).toBe(403);
    expect((await create(cookie, { artistID: pending.artistId })).statusCode).toBe(404);
    expect((await create(admin, { artistID: crypto.randomUUID() })).statusCode).toBe(404);
  });

  it('makes the account once: 201, then 200 with the same account; the artist keeps it as paymentServiceID', async () => {
    const { artist, cookie } = await artistWithCookie(t);
    const first = await create(cookie);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      artistID: artist.artistId,
      provider: 'local',
      accountID: expect.stringMatching(/^acct_local_/),
      detailsSubmitted: false,
      payoutsEnabled: false,
      taxForm: null,
      bankLast4: null,
      requirements: ['external_account', 'tax_form'],
      ready: false,
    });
    const again = await create(cookie, { country: 'US' });
    expect(again.statusCode).toBe(200);
    expect(again.json().accountID).toBe(first.json().accountID);
    expect(await paymentServiceIdOf(artist)).toBe(first.json().accountID);
    const [provider] = await t.app.ctx.db
      .select()
      .from(localConnectAccounts)
      .where(eq(localConnectAccounts.id, first.json().accountID));
    expect(provider).toMatchObject({ email: artist.email, name: artist.artist.name, country: 'US' });
  });

  it('makes one account when two requests come at once', async () => {
    const { artist, cookie } = await artistWithCookie(t);
    const [a, b] = await Promise.all([create(cookie, { country: 'GB' }), create(cookie, { country: 'GB' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().accountID).toBe(b.json().accountID);
    const rows = await t.app.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.artistId, artist.artistId));
    expect(rows).toMatchObject([{ accountId: a.json().accountID, country: 'GB' }]);
  });

  it("lets an admin make an artist's account, naming it", async () => {
    const artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const res = await create(admin, { artistID: artist.artistId, country: 'de' });
    expect(res.statusCode).toBe(201);
    expect(res.json().artistID).toBe(artist.artistId);
    expect(await paymentServiceIdOf(artist)).toBe(res.json().accountID);
  });

  it('lets a terminated (CANCELLED) artist make one, to be paid what they are owed', async () => {
    const { artist, cookie } = await artistWithCookie(t);
    await t.app.ctx.db.update(artists).set({ status: 'CANCELLED' }).where(eq(artists.id, artist.artistId));
    expect((await create(cookie)).statusCode).toBe(201);
  });
});

describe('POST /api/artists/create-account-link/{id}', () => {
  it('refuses anonymous callers (401), a bad id (400), fans and other artists (403)', async () => {
    const { artist, cookie } = await artistWithCookie(t);
    const other = await artistWithCookie(t);
    await create(cookie);
    expect((await link(undefined, artist.artistId)).statusCode).toBe(401);
    expect((await link(cookie, 'nope')).statusCode).toBe(400);
    expect((await link(fan, artist.artistId)).statusCode).toBe(403);
    expect((await link(other.cookie, artist.artistId)).statusCode).toBe(403);
  });

  it('is a 409 before the account is made', async () => {
    const { artist, cookie } = await artistWithCookie(t);
    const res = await link(cookie, artist.artistId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This artist has no payout account yet.');
  });

  it('answers a fresh single-use link to our onboarding page, good for an hour, for the artist or an admin', async () => {
    const { artist, cookie } = await artistWithCookie(t);
    await create(cookie);
    const res = await link(cookie, artist.artistId);
    expect(res.statusCode).toBe(200);
    const { url, expiresAt } = res.json();
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/connect/onboarding/acctlink_local_[0-9a-f]{48}$`));
    const hours = (Date.parse(expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(0.9);
    expect(hours).toBeLessThanOrEqual(1);
    const byAdmin = await link(admin, artist.artistId);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().url).not.toBe(url);
    // Back to the studio's Payouts tab, finished or not.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/payments/local/connect/onboarding/${url.split('/').pop()}`,
    });
    expect(page.statusCode).toBe(200);
  });
});

describe('GET /api/artists/retrieve-connect-account/{id}', () => {
  it('refuses anonymous callers (401), a bad id (400), fans and other artists (403)', async () => {
    const { artist } = await artistWithCookie(t);
    const other = await artistWithCookie(t);
    expect((await retrieve(undefined, artist.artistId)).statusCode).toBe(401);
    expect((await retrieve(other.cookie, 'nope')).statusCode).toBe(400);
    expect((await retrieve(fan, artist.artistId)).statusCode).toBe(403);
    expect((await retrieve(other.cookie, artist.artistId)).statusCode).toBe(403);
  });

  it('answers account: null before there is one', async () => {
    const { artist, cookie } = await artistWithCookie(t);
    const res = await retrieve(cookie, artist.artistId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ artistID: artist.artistId, account: null });
  });

  it('asks the provider afresh: after onboarding the account is ready, with the bank last four and the W-9', async () => {
    const { artist, cookie } = await artistWithCookie(t);
    await onboardArtist(t, artist, cookie);
    const res = await retrieve(cookie, artist.artistId);
    expect(res.json().account).toMatchObject({
      detailsSubmitted: true,
      payoutsEnabled: true,
      taxForm: 'W-9',
      bankLast4: '6789',
      requirements: [],
      ready: true,
    });
    const [cached] = await t.app.ctx.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.artistId, artist.artistId));
    expect(cached).toMatchObject({ payoutsEnabled: true, taxForm: 'W-9', bankLast4: '6789' });
    expect((await retrieve(admin, artist.artistId)).json().account.ready).toBe(true);
  });

  it('keeps the status the provider reports in its account events (Stripe: account.updated)', async () => {
    const { artist, cookie } = await artistWithCookie(t);
    const { accountID } = (await create(cookie)).json();
    const { body, signature } = t.payments.signEvent({
      id: `evt_local_${crypto.randomUUID()}`,
      createdAt: new Date(),
      type: 'payout_account.updated',
      account: {
        accountId: accountID,
        detailsSubmitted: true,
        payoutsEnabled: true,
        taxForm: 'W-8BEN',
        bankLast4: '4321',
        requirements: [],
      },
      metadata: { artistId: artist.artistId },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/local',
      payload: body,
      headers: { 'content-type': 'application/json', 'hfm-local-signature': signature },
    });
    expect(res.statusCode).toBe(200);
    const [cached] = await t.app.ctx.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.artistId, artist.artistId));
    expect(cached).toMatchObject({ payoutsEnabled: true, taxForm: 'W-8BEN', bankLast4: '4321' });
  });
});
