import { billingMessages, payableFrom } from '@hfm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artists } from '../../platform/db/schema/artists.js';
import { ledgerEntries, subscriptions } from '../../platform/db/schema/billing.js';
import { localCharges, localSubscriptions } from '../../platform/db/schema/payments.js';
import { createBillingTestApp, saveTestCard, type BillingTestApp } from '../../test/billing-helpers.js';
import { createAdmin, createArtist, createUser, signIn, type TestArtist, type TestUser } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { sumArtistEarnings, sumMemberPayments } from './ledger.repository.js';

describe('POST /api/subscriptions: 999 cents for a year, once', () => {
  let t: BillingTestApp;
  let artist: TestArtist;
  let related: TestArtist;
  let pending: TestArtist;

  beforeAll(async () => {
    t = await createBillingTestApp();
    artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    related = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    pending = await createArtist(t.app);
  });
  afterAll(async () => t.close());

  /** A signed-in fan with a saved card of the given kind. */
  async function fanWithCard(which: Parameters<typeof saveTestCard>[3] = 'succeeds') {
    const user = await createUser(t.app);
    const cookie = await signIn(t.app, user);
    const card = await saveTestCard(t.app, cookie, user.id, which);
    return { user, cookie, card };
  }

  const post = (payload: object, cookie?: string, key?: string) =>
    injectAs(t, cookie, {
      method: 'POST',
      url: '/api/subscriptions',
      headers: key ? { 'idempotency-key': key } : {},
      payload,
    });
  const body = (user: TestUser, card: { paymentMethodID: string }, artistId = artist.artistId) => ({
    memberID: user.id,
    paymentMethodID: card.paymentMethodID,
    artistID: artistId,
  });

  const ledgerOf = (subscriptionId: string) =>
    t.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.subscriptionId, subscriptionId));
  const paidCharges = async (customerMemberId: string) => {
    const rows = await t.app.ctx.db.select().from(localCharges).where(eq(localCharges.status, 'succeeded'));
    return rows.filter((row) => JSON.parse(row.metadata).memberId === customerMemberId);
  };
  const liveRows = (memberId: string, artistId = artist.artistId) =>
    t.app.ctx.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.memberId, memberId), eq(subscriptions.artistId, artistId)));

  it('answers 401 signed out, 400 for a bad body or key header, 403 for another member', async () => {
    const { user, cookie, card } = await fanWithCard();
    expect((await post(body(user, card))).statusCode).toBe(401);
    const empty = await post({}, cookie);
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().error.fields)).toEqual(
      expect.arrayContaining(['memberID', 'paymentMethodID', 'artistID']),
    );
    expect((await post({ ...body(user, card), artistID: 'nope' }, cookie)).statusCode).toBe(400);
    expect((await post(body(user, card), cookie, 'bad key with spaces')).statusCode).toBe(400);
    expect((await post(body(user, card), cookie, 'x'.repeat(256))).statusCode).toBe(400);
    const other = await createUser(t.app);
    expect((await post({ ...body(user, card), memberID: other.id }, cookie)).statusCode).toBe(403);
    const admin = await createAdmin(t.app);
    expect((await post(body(user, card), await signIn(t.app, admin))).statusCode).toBe(403);
    expect(await liveRows(user.id)).toHaveLength(0);
  });

  it('refuses an artist who is not ACTIVE: hidden from fans (404), not taking subscribers for an admin (409)', async () => {
    const { user, cookie, card } = await fanWithCard();
    const hidden = await post(body(user, card, pending.artistId), cookie);
    expect(hidden.statusCode).toBe(404);
    const admin = await createAdmin(t.app);
    const adminCookie = await signIn(t.app, admin);
    const adminCard = await saveTestCard(t.app, adminCookie, admin.id);
    const res = await post(body(admin, adminCard, pending.artistId), adminCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(billingMessages.artistNotTaking);
    expect((await post(body(user, card, crypto.randomUUID()), cookie)).statusCode).toBe(404);
  });

  it('refuses a card the member has not saved (400) and subscribing to oneself (400)', async () => {
    const { user, cookie } = await fanWithCard();
    const res = await post(body(user, { paymentMethodID: 'pm_local_unknown' }), cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.paymentMethodID).toBe(billingMessages.cardNotSaved);
    const artistCookie = await signIn(t.app, artist);
    const card = await saveTestCard(t.app, artistCookie, artist.id);
    const own = await post(body(artist, card), artistCookie);
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(billingMessages.notYourself);
  });

  it('charges 999 once, credits the artist 500 once (payable from the 22nd of next month), and answers related artists', async () => {
    const { user, cookie, card } = await fanWithCard();
    const before = Date.now();
    const res = await post(body(user, card), cookie);
    expect(res.statusCode).toBe(201);
    const { subscription, relatedArtists } = res.json();
    expect(subscription).toMatchObject({
      memberID: user.id,
      artistID: artist.artistId,
      artistName: artist.artist.name,
      paymentMethodID: card.paymentMethodID,
      status: 'active',
      priceCents: 999,
      cancelAtPeriodEnd: false,
    });
    const start = Date.parse(subscription.currentPeriodStart);
    const end = Date.parse(subscription.currentPeriodEnd);
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(end - start).toBeGreaterThanOrEqual(365 * 86_400_000);
    expect(end - start).toBeLessThanOrEqual(366 * 86_400_000);
    expect(subscription.renewsAt).toBe(subscription.currentPeriodEnd);

    const ids = relatedArtists.map((a: { id: string }) => a.id);
    expect(ids).toContain(related.artistId);
    expect(ids).not.toContain(artist.artistId);
    expect(ids).not.toContain(pending.artistId);

    const rows = await ledgerOf(subscription.id);
    expect(rows.map((row) => [row.kind, row.amountCents, row.termNumber]).sort()).toEqual([
      ['artist_credit', 500, 1],
      ['charge', 999, 1],
      // The local provider keeps 2.9% + 30 cents: the platform's cost, not the artist's.
      ['provider_fee', -59, 1],
    ]);
    const credit = rows.find((row) => row.kind === 'artist_credit')!;
    const charge = rows.find((row) => row.kind === 'charge')!;
    expect(credit.payableFrom!.toISOString()).toBe(payableFrom(charge.createdAt).toISOString());
    expect(credit.payableFrom!.getUTCDate()).toBe(22);
    expect(await paidCharges(user.id)).toHaveLength(1);
    expect(charge.providerChargeId).toBe((await paidCharges(user.id))[0]!.id);
    expect(await sumMemberPayments(t.app.ctx.db, user.id)).toBe(999);

    const profile = await injectAs(t, cookie, { method: 'GET', url: '/api/users/session/profile' });
    expect(profile.json().user.subscribedTo).toEqual([{ artistID: artist.artistId }]);

    // Now subscribed: the artist is no longer suggested to them, and a second subscribe is a 409.
    const again = await post(body(user, card), cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(billingMessages.alreadySubscribed);
    expect(await paidCharges(user.id)).toHaveLength(1);
    expect(await liveRows(user.id)).toHaveLength(1);
  });

  it('sums the artist’s earnings from the ledger: earned now, payable once the window opens', async () => {
    const fresh = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const fans = [await fanWithCard(), await fanWithCard()];
    for (const { user, cookie, card } of fans) {
      expect((await post(body(user, card, fresh.artistId), cookie)).statusCode).toBe(201);
    }
    const now = new Date();
    expect(await sumArtistEarnings(t.app.ctx.db, fresh.artistId, now)).toEqual({ earnedCents: 1000, payableCents: 0 });
    expect(await sumArtistEarnings(t.app.ctx.db, fresh.artistId, payableFrom(now))).toEqual({
      earnedCents: 1000,
      payableCents: 1000,
    });
  });

  it('charges once for a repeated Idempotency-Key and answers the same subscription', async () => {
    const { user, cookie, card } = await fanWithCard();
    const first = await post(body(user, card), cookie, 'order-123');
    expect(first.statusCode).toBe(201);
    const second = await post(body(user, card), cookie, 'order-123');
    expect(second.statusCode).toBe(201);
    expect(second.json().subscription).toEqual(first.json().subscription);
    expect(await paidCharges(user.id)).toHaveLength(1);
    expect(await ledgerOf(first.json().subscription.id)).toHaveLength(3);
  });

  it('answers 422 for an Idempotency-Key reused with another artist or card, and charges nothing more', async () => {
    const { user, cookie, card } = await fanWithCard();
    const other = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const first = await post(body(user, card), cookie, 'reused-key');
    expect(first.statusCode).toBe(201);
    const otherArtist = await post(body(user, card, other.artistId), cookie, 'reused-key');
    expect(otherArtist.statusCode).toBe(422);
    expect(otherArtist.json().error).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: billingMessages.idempotencyKeyReused,
    });
    const otherCard = await saveTestCard(t.app, cookie, user.id);
    expect((await post(body(user, otherCard), cookie, 'reused-key')).statusCode).toBe(422);
    // A declined first request's key is as bound to its request as a paid one's.
    const declining = await saveTestCard(t.app, cookie, user.id, 'chargeFails');
    expect((await post(body(user, declining, other.artistId), cookie, 'declined-key')).statusCode).toBe(402);
    expect((await post(body(user, otherCard, other.artistId), cookie, 'declined-key')).statusCode).toBe(422);
    expect(await paidCharges(user.id)).toHaveLength(1);
    expect((await liveRows(user.id, other.artistId)).map((row) => row.status)).toEqual(['declined']);
    // The same request again still answers the first subscription.
    const again = await post(body(user, card), cookie, 'reused-key');
    expect(again.statusCode).toBe(201);
    expect(again.json().subscription.id).toBe(first.json().subscription.id);
  });

  it('answers a decline with the provider’s message: nothing charged, no subscription, no ledger row', async () => {
    const { user, cookie, card } = await fanWithCard('chargeFails');
    const res = await post(body(user, card), cookie, 'try-1');
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: 'PAYMENT_DECLINED', message: 'Your card was declined.' });
    expect((await liveRows(user.id)).map((row) => row.status)).toEqual(['declined']);
    expect(await paidCharges(user.id)).toHaveLength(0);
    expect(await sumMemberPayments(t.app.ctx.db, user.id)).toBe(0);
    const profile = await injectAs(t, cookie, { method: 'GET', url: '/api/users/session/profile' });
    expect(profile.json().user.subscribedTo).toEqual([]);
    // The same key replays the same decline; a good card then subscribes.
    expect((await post(body(user, card), cookie, 'try-1')).statusCode).toBe(402);
    const good = await saveTestCard(t.app, cookie, user.id);
    expect((await post(body(user, good), cookie, 'try-2')).statusCode).toBe(201);
    expect(await paidCharges(user.id)).toHaveLength(1);
  });

  it('charges once when two subscribes to the same artist race (one 201, one 409)', async () => {
    const { user, cookie, card } = await fanWithCard();
    const results = await Promise.all([post(body(user, card), cookie), post(body(user, card), cookie)]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await paidCharges(user.id)).toHaveLength(1);
    const sameKey = await fanWithCard();
    const pair = await Promise.all([
      post(body(sameKey.user, sameKey.card), sameKey.cookie, 'k'),
      post(body(sameKey.user, sameKey.card), sameKey.cookie, 'k'),
    ]);
    expect(pair.map((res) => res.statusCode)).toContain(201);
    expect(await paidCharges(sameKey.user.id)).toHaveLength(1);
  });

  it('refuses an artist who stopped being ACTIVE after the page loaded (409)', async () => {
    const leaving = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const admin = await createAdmin(t.app);
    const cookie = await signIn(t.app, admin);
    const card = await saveTestCard(t.app, cookie, admin.id);
    await t.app.ctx.db.update(artists).set({ status: 'CANCELLED' }).where(eq(artists.id, leaving.artistId));
    expect((await post(body(admin, card, leaving.artistId), cookie)).statusCode).toBe(409);
  });

  describe('cancel and the member’s list', () => {
    it('stops renewal and keeps access to the end of the term; its member or an admin; others 404', async () => {
      const { user, cookie, card } = await fanWithCard();
      const { subscription } = (await post(body(user, card), cookie)).json();
      const stranger = await createUser(t.app);
      const cancel = (cookieValue?: string) =>
        injectAs(t, cookieValue, { method: 'POST', url: `/api/subscriptions/${subscription.id}/cancel` });
      expect((await cancel()).statusCode).toBe(401);
      expect((await cancel(await signIn(t.app, stranger))).statusCode).toBe(404);
      const res = await cancel(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: subscription.id,
        status: 'active',
        cancelAtPeriodEnd: true,
        renewsAt: null,
        currentPeriodEnd: subscription.currentPeriodEnd,
      });
      expect((await cancel(cookie)).json().cancelAtPeriodEnd).toBe(true);
      const [provider] = await t.app.ctx.db
        .select()
        .from(localSubscriptions)
        .where(eq(localSubscriptions.customerId, (await paidCharges(user.id))[0]!.customerId));
      expect(provider!.cancelAtPeriodEnd).toBe(true);
      const profile = await injectAs(t, cookie, { method: 'GET', url: '/api/users/session/profile' });
      expect(profile.json().user.subscribedTo).toEqual([{ artistID: artist.artistId }]);
      const list = await injectAs(t, cookie, {
        method: 'GET',
        url: `/api/subscriptions/member/${user.id}`,
      });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([res.json()]);
      expect((await cancel('')).statusCode).toBe(401);
      expect(
        (
          await injectAs(t, cookie, {
            method: 'POST',
            url: `/api/subscriptions/${crypto.randomUUID()}/cancel`,
          })
        ).statusCode,
      ).toBe(404);
    });
  });
});
