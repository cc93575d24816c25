import crypto from 'node:crypto';
import { billingMessages, messages, terminationAnswer, terminationMessages } from '@hfm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { artists } from '../../platform/db/schema/artists.js';
import { ledgerEntries, subscriptions } from '../../platform/db/schema/billing.js';
import { localCharges, localSubscriptions } from '../../platform/db/schema/payments.js';
import { formatMailDate } from '../../platform/mail/templates.js';
import {
  createBillingTestApp,
  saveTestCard,
  subscribeTestFan,
  switchSubscriptionCard,
  type BillingTestApp,
} from '../../test/billing-helpers.js';
import {
  createAdmin,
  createArtist,
  createSong,
  createUser,
  readMails,
  signIn,
  TEST_PASSWORD,
  type TestArtist,
} from '../../test/factories.js';
import { ARTIST_LEFT_AT_PROVIDER_JOB, ARTIST_LEFT_MAIL_JOB } from '../billing/artist-left.js';
import { renewSubscription } from '../billing/renewals.service.js';
import { ADMIN_STATUS_REASON, ARTIST_TERMINATED_MAIL_JOB } from './termination.service.js';
import { injectAs } from '../../test/route-cast.js';

const MINUTE = 60_000;
const JOBS = [ARTIST_LEFT_AT_PROVIDER_JOB, ARTIST_LEFT_MAIL_JOB, ARTIST_TERMINATED_MAIL_JOB];

let t: BillingTestApp;
const cookie = {} as Record<'admin' | 'fan', string>;

beforeAll(async () => {
  t = await createBillingTestApp({}, { work: JOBS });
  cookie.admin = await signIn(t.app, await createAdmin(t.app));
  cookie.fan = await signIn(t.app, await createUser(t.app));
});
afterAll(async () => t.close());
beforeEach(() => t.clock.set(new Date()));

const terminate = (artistId: string, payload: object, as?: string) =>
  injectAs(t, as, { method: 'POST', url: `/api/artists/${artistId}/terminate`, payload });

async function activeArtist(name?: string): Promise<TestArtist & { cookie: string }> {
  const artist = await createArtist(t.app, { artist: { status: 'ACTIVE', ...(name ? { name } : {}) } });
  return { ...artist, cookie: await signIn(t.app, artist) };
}
async function artistRow(id: string) {
  const [row] = await t.app.ctx.db.select().from(artists).where(eq(artists.id, id));
  return row!;
}
async function subscriptionRow(id: string) {
  const [row] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}
const ledgerOf = (artistId: string) =>
  t.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.artistId, artistId)).orderBy(ledgerEntries.id);
async function providerSubscription(id: string) {
  const [row] = await t.app.ctx.db.select().from(localSubscriptions).where(eq(localSubscriptions.id, id));
  return row!;
}
async function mailsTo(email: string) {
  await t.app.ctx.jobs.idle(JOBS);
  return readMails(t, email);
}

/** A second subscriber of the artist whose renewal was declined: past due, no paid term left. */
async function pastDueFan(artistId: string) {
  const fan = await subscribeTestFan(t, artistId);
  await switchSubscriptionCard(t, fan, 'chargeFails');
  const end = (await subscriptionRow(fan.subscriptionId)).currentPeriodEnd;
  t.clock.set(new Date(end.getTime() + MINUTE));
  expect(await renewSubscription(t.app.ctx, fan.subscriptionId, t.clock.now())).toBe('declined');
  t.clock.set(new Date());
  return fan;
}

describe('POST /api/artists/{id}/terminate: who may', () => {
  it('answers 401 signed out, 403 to fans and to another artist, 404 for a hidden or unknown artist', async () => {
    const artist = await activeArtist();
    const other = await activeArtist();
    const pending = await createArtist(t.app);
    const body = { currentPassword: TEST_PASSWORD, reason: 'No.' };

    expect((await terminate(artist.artistId, body)).statusCode).toBe(401);
    const fan = await terminate(artist.artistId, body, cookie.fan);
    expect(fan.statusCode).toBe(403);
    expect(fan.json().error.code).toBe('FORBIDDEN');
    expect((await terminate(pending.artistId, body, cookie.fan)).statusCode).toBe(403);
    expect((await terminate(artist.artistId, body, other.cookie)).statusCode).toBe(403);
    expect((await terminate(pending.artistId, body, other.cookie)).statusCode).toBe(404);
    expect((await terminate(crypto.randomUUID(), { reason: 'Gone.' }, cookie.admin)).statusCode).toBe(404);
    expect((await terminate('not-an-id', { reason: 'Gone.' }, cookie.admin)).statusCode).toBe(400);
    expect((await artistRow(artist.artistId)).status).toBe('ACTIVE');
    expect((await artistRow(pending.artistId)).status).toBe('PENDING');
  });

  it('asks the artist for its current password, and an admin for a reason (400)', async () => {
    const artist = await activeArtist();
    for (const payload of [{}, { reason: 'Leaving.' }, { currentPassword: 'Wrong-Pass-2025!' }]) {
      const res = await terminate(artist.artistId, payload, artist.cookie);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields).toEqual({ currentPassword: messages.currentPasswordWrong });
    }
    const tooLong = await terminate(
      artist.artistId,
      { currentPassword: TEST_PASSWORD, reason: 'x'.repeat(1001) },
      artist.cookie,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toEqual({ reason: terminationMessages.reasonTooLong });
    for (const payload of [{}, { reason: '   ' }, { currentPassword: TEST_PASSWORD }]) {
      const res = await terminate(artist.artistId, payload, cookie.admin);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields).toEqual({ reason: terminationMessages.reasonRequired });
    }
    for (const payload of [null, [], { reason: 42 }, { reason: 'x', currentPassword: 7 }]) {
      expect((await terminate(artist.artistId, payload as object, cookie.admin)).statusCode).toBe(400);
    }
    expect(await artistRow(artist.artistId)).toMatchObject({ status: 'ACTIVE', terminatedAt: null });
  });

  it('answers 409 once the licence is terminated, to the artist and to admins', async () => {
    const artist = await activeArtist();
    expect((await terminate(artist.artistId, { currentPassword: TEST_PASSWORD }, artist.cookie)).statusCode).toBe(200);
    const again = await terminate(artist.artistId, { currentPassword: TEST_PASSWORD }, artist.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: terminationMessages.alreadyTerminated });
    expect((await terminate(artist.artistId, { reason: 'Twice.' }, cookie.admin)).statusCode).toBe(409);
    // Visible once it has left: another artist is refused with a 403, not told it does not exist.
    const other = await activeArtist();
    expect((await terminate(artist.artistId, { reason: 'x' }, other.cookie)).statusCode).toBe(403);
  });

  it('lets a PENDING artist end its licence too', async () => {
    const pending = await createArtist(t.app);
    const res = await terminate(pending.artistId, { currentPassword: TEST_PASSWORD }, await signIn(t.app, pending));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ artist: { status: 'CANCELLED' }, subscribers: 0 });
  });
});

describe('terminating a licence', () => {
  it('by the artist with its password: CANCELLED at once, every subscription stops renewing, the ledger stays', async () => {
    const artist = await activeArtist('The Leaving Kind');
    const inTerm = await subscribeTestFan(t, artist.artistId);
    const pastDue = await pastDueFan(artist.artistId);
    const ledgerBefore = await ledgerOf(artist.artistId);
    expect(ledgerBefore.filter((row) => row.kind === 'artist_credit').map((row) => row.amountCents)).toEqual([
      500, 500,
    ]);

    const res = await terminate(
      artist.artistId,
      { currentPassword: TEST_PASSWORD, reason: '  Moving to another label.  ' },
      artist.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = terminationAnswer.parse(res.json());
    expect(answer).toMatchObject({ artist: { id: artist.artistId, status: 'CANCELLED' }, subscribers: 1 });
    expect(answer.artist.terminatedAt).toBe(answer.terminatedAt);
    const row = await artistRow(artist.artistId);
    expect(row).toMatchObject({
      status: 'CANCELLED',
      terminatedBy: artist.id,
      terminationReason: 'Moving to another label.',
    });
    expect(row.terminatedAt!.toISOString()).toBe(answer.terminatedAt);

    // Ours: the active one ends at its term's end, the past-due one now; nothing is charged or taken back.
    const active = await subscriptionRow(inTerm.subscriptionId);
    expect(active).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await subscriptionRow(pastDue.subscriptionId)).toMatchObject({ status: 'canceled', nextAttemptAt: null });
    expect(await ledgerOf(artist.artistId)).toEqual(ledgerBefore);

    // The provider's: cancelled at the period end, and now for the one with no paid term left.
    await t.app.ctx.jobs.idle(JOBS);
    expect(await providerSubscription(inTerm.providerSubscriptionId)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    expect((await providerSubscription(pastDue.providerSubscriptionId)).status).toBe('canceled');

    // The mails: each subscriber, and the artist.
    const toSubscriber = (await mailsTo(inTerm.user.email)).find((mail) => mail.includes('has left HFM'));
    expect(toSubscriber).toContain('Subject: The Leaving Kind has left HFM');
    expect(toSubscriber).toContain(
      `The Leaving Kind has left HFM: your subscription will not renew. You keep access until ${formatMailDate(active.currentPeriodEnd)} and every song you downloaded, for good.`,
    );
    const toPastDue = (await mailsTo(pastDue.user.email)).find((mail) => mail.includes('has left HFM'));
    expect(toPastDue).toContain('your subscription, whose renewal had not gone through, has ended');
    const toArtist = await mailsTo(artist.email);
    expect(toArtist).toHaveLength(1);
    expect(toArtist[0]).toContain('Subject: Your HFM licence has ended');
    expect(toArtist[0]).toContain('As you asked, the licence for The Leaving Kind ended on');
    expect(toArtist[0]).toContain('Your 1 subscriber keeps access to your music until the end of their term');
    expect(toArtist[0]).toContain('Licence fees you earned are still paid, between the 22nd and 28th');
  });

  it('by an admin with a reason and no password; the artist is told the reason', async () => {
    const artist = await activeArtist('Suspended Animation');
    const fan = await subscribeTestFan(t, artist.artistId);
    const res = await terminate(artist.artistId, { reason: 'Rights complaint upheld.' }, cookie.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ artist: { status: 'CANCELLED' }, subscribers: 1 });
    const row = await artistRow(artist.artistId);
    expect(row.terminatedBy).not.toBe(artist.id);
    expect(row.terminationReason).toBe('Rights complaint upheld.');
    expect(await subscriptionRow(fan.subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const [mail] = await mailsTo(artist.email);
    expect(mail).toContain('HFM has terminated the licence for Suspended Animation on');
    expect(mail).toContain('The reason given: Rights complaint upheld.');
  });

  it("by an admin's PATCH with status CANCELLED: the same, with the patch's other fields", async () => {
    const artist = await activeArtist();
    const fan = await subscribeTestFan(t, artist.artistId);
    const res = await injectAs(t, cookie.admin, {
      method: 'PATCH',
      url: `/api/artists/${artist.artistId}`,
      payload: { status: 'CANCELLED', tier: 'Tier 2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', tier: 'Tier 2' });
    expect(res.json().terminatedAt).toEqual(expect.any(String));
    expect(await artistRow(artist.artistId)).toMatchObject({
      status: 'CANCELLED',
      tier: 'Tier 2',
      terminationReason: ADMIN_STATUS_REASON,
    });
    expect(await subscriptionRow(fan.subscriptionId)).toMatchObject({ cancelAtPeriodEnd: true });
    expect((await mailsTo(fan.user.email)).some((mail) => mail.includes('has left HFM'))).toBe(true);
  });
});

describe('after the termination', () => {
  it('refuses new subscriptions (409) and new songs (409)', async () => {
    const artist = await activeArtist();
    await terminate(artist.artistId, { reason: 'Closed.' }, cookie.admin);
    const fan = await createUser(t.app);
    const fanCookie = await signIn(t.app, fan);
    const card = await saveTestCard(t.app, fanCookie, fan.id);
    const res = await injectAs(t, fanCookie, {
      method: 'POST',
      url: '/api/subscriptions',
      payload: { memberID: fan.id, paymentMethodID: card.paymentMethodID, artistID: artist.artistId },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(billingMessages.artistNotTaking);

    const song = await injectAs(t, artist.cookie, {
      method: 'POST',
      url: '/api/songs',
      payload: { releaseDate: '03/15/2024' },
    });
    expect(song.statusCode).toBe(409);
    expect(song.json().error.message).toBe(terminationMessages.noNewMusic);
  });

  it('the renewal sweep ends its subscriptions at the term end without a charge, also one made in a race', async () => {
    const artist = await activeArtist();
    const before = await subscribeTestFan(t, artist.artistId);
    const racing = await subscribeTestFan(t, artist.artistId);
    expect((await terminate(artist.artistId, { reason: 'Closed.' }, cookie.admin)).statusCode).toBe(200);
    await t.app.ctx.jobs.idle(JOBS);
    // A first payment written after the termination's update (a subscribe racing it): renewing as usual here
    // and at the provider.
    await t.app.ctx.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: false })
      .where(eq(subscriptions.id, racing.subscriptionId));
    await t.app.ctx.db
      .update(localSubscriptions)
      .set({ cancelAtPeriodEnd: false })
      .where(eq(localSubscriptions.id, racing.providerSubscriptionId));
    const ledgerBefore = await ledgerOf(artist.artistId);

    const end = (await subscriptionRow(before.subscriptionId)).currentPeriodEnd;
    t.clock.set(new Date(end.getTime() + MINUTE));
    for (const fan of [before, racing]) {
      expect(await renewSubscription(t.app.ctx, fan.subscriptionId, t.clock.now())).toBe('ended');
      const row = await subscriptionRow(fan.subscriptionId);
      expect(row).toMatchObject({ status: 'canceled', nextAttemptAt: null });
      expect(row.endedAt).toEqual(row.currentPeriodEnd);
      const charges = await t.app.ctx.db
        .select()
        .from(localCharges)
        .where(eq(localCharges.subscriptionId, fan.providerSubscriptionId));
      expect(charges).toHaveLength(1);
      expect((await providerSubscription(fan.providerSubscriptionId)).status).toBe('canceled');
    }
    expect(await ledgerOf(artist.artistId)).toEqual(ledgerBefore);
  });

  it('marks a first payment still under way to end at its term, without mailing or cancelling it yet', async () => {
    const artist = await activeArtist();
    const member = await createUser(t.app);
    const [incomplete] = await t.app.ctx.db
      .insert(subscriptions)
      .values({ memberId: member.id, artistId: artist.artistId, status: 'incomplete', currentPeriodEnd: new Date() })
      .returning();
    const res = await terminate(artist.artistId, { reason: 'Closed.' }, cookie.admin);
    expect(res.json().subscribers).toBe(0);
    expect(await subscriptionRow(incomplete!.id)).toMatchObject({ status: 'incomplete', cancelAtPeriodEnd: true });
    expect(await mailsTo(member.email)).toEqual([]);
  });

  it("keeps the artist's credits in the ledger, owed as before", async () => {
    const artist = await activeArtist();
    const fan = await subscribeTestFan(t, artist.artistId);
    const credits = () =>
      t.app.ctx.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.artistId, artist.artistId), eq(ledgerEntries.kind, 'artist_credit')));
    const before = await credits();
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ amountCents: 500, subscriptionId: fan.subscriptionId });
    await terminate(artist.artistId, { currentPassword: TEST_PASSWORD }, artist.cookie);
    expect(await credits()).toEqual(before);
  });
});

describe('the featured order and reinstating', () => {
  const patchArtist = (artistId: string, payload: object) =>
    injectAs(t, cookie.admin, { method: 'PATCH', url: `/api/artists/${artistId}`, payload });
  const featuredIds = async () => {
    const res = await injectAs(t, cookie.admin, { method: 'GET', url: '/api/artists/featured' });
    return (res.json() as { items: { id: string; featuredPosition: number }[] }).items;
  };

  it('takes a terminated artist out of the featured order, the others closing up', async () => {
    const [first, leaving, last] = [await activeArtist(), await activeArtist(), await activeArtist()];
    for (const artist of [first, leaving, last]) {
      expect((await patchArtist(artist.artistId, { isFeatured: true })).statusCode).toBe(200);
    }
    const before = (await featuredIds()).map((row) => row.id);
    expect(before.slice(-3)).toEqual([first.artistId, leaving.artistId, last.artistId]);
    expect((await terminate(leaving.artistId, { currentPassword: TEST_PASSWORD }, leaving.cookie)).statusCode).toBe(
      200,
    );
    const after = await featuredIds();
    expect(after.map((row) => row.id)).toEqual(before.filter((id) => id !== leaving.artistId));
    expect(after.map((row) => row.featuredPosition)).toEqual(after.map((_, index) => index));
    expect(await artistRow(leaving.artistId)).toMatchObject({ isFeatured: false, featuredPosition: -1 });
  });

  it('clears the termination when an admin sets the artist ACTIVE again; the ended subscriptions stay ended', async () => {
    const artist = await activeArtist();
    const fan = await subscribeTestFan(t, artist.artistId);
    await terminate(artist.artistId, { reason: 'Paused by mistake' }, cookie.admin);
    await createSong(t.app, artist.artistId, { status: 'ready' });
    const res = await patchArtist(artist.artistId, { status: 'ACTIVE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ACTIVE', terminatedAt: null });
    expect(await artistRow(artist.artistId)).toMatchObject({ terminatedBy: null, terminationReason: null });
    expect(await subscriptionRow(fan.subscriptionId)).toMatchObject({ cancelAtPeriodEnd: true });
  });
});
