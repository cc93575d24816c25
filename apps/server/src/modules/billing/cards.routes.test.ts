import { billingMessages, cardMessages } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCards, subscriptions } from '../../platform/db/schema/billing.js';
import { createAdmin, createArtist, createUser, signIn, type TestUser } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createBillingTestApp, saveTestCard, tokenize, type BillingTestApp } from '../../test/billing-helpers.js';

describe('saved cards: /api/subscriptions/card-list, attach-payment-method, payment-methods', () => {
  let t: BillingTestApp;
  let fan: TestUser;
  let other: TestUser;
  let admin: TestUser;
  const cookies = { fan: '', other: '', admin: '' };

  beforeAll(async () => {
    t = await createBillingTestApp();
    fan = await createUser(t.app);
    other = await createUser(t.app);
    admin = await createAdmin(t.app);
    cookies.fan = await signIn(t.app, fan);
    cookies.other = await signIn(t.app, other);
    cookies.admin = await signIn(t.app, admin);
  });
  afterAll(async () => t.close());

  const attach = (memberId: string, payload: object, cookie?: string) =>
    injectAs(t, cookie, {
      method: 'POST',
      url: `/api/subscriptions/attach-payment-method/${memberId}`,
      payload,
    });
  const list = (memberId: string, cookie?: string) =>
    injectAs(t, cookie, { method: 'GET', url: `/api/subscriptions/card-list/${memberId}` });
  const remove = (memberId: string, cardId: string, cookie?: string) =>
    injectAs(t, cookie, {
      method: 'DELETE',
      url: `/api/subscriptions/payment-methods/${memberId}/${cardId}`,
    });

  it('answers 401 to an anonymous caller on every route', async () => {
    expect((await list(fan.id)).statusCode).toBe(401);
    expect((await attach(fan.id, { paymentMethodID: 'pm_x' })).statusCode).toBe(401);
    expect((await remove(fan.id, crypto.randomUUID())).statusCode).toBe(401);
  });

  it.each([
    ['an empty body', {}, 'paymentMethodID', billingMessages.choosePaymentMethod],
    ['a blank token', { paymentMethodID: '  ' }, 'paymentMethodID', billingMessages.choosePaymentMethod],
    ['a number for the token', { paymentMethodID: 42 }, 'paymentMethodID', billingMessages.choosePaymentMethod],
    ['a bad ZIP code', { paymentMethodID: 'pm_x', postalCode: '1234' }, 'postalCode', cardMessages.postalCode],
    ['a blank card name', { paymentMethodID: 'pm_x', cardName: ' ' }, 'cardName', cardMessages.cardName],
  ])('refuses %s with a 400 naming the field', async (_case, payload, field, message) => {
    const res = await attach(fan.id, payload, cookies.fan);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('refuses a member id that is not an id (400) and one that is not yours (403)', async () => {
    expect((await list('not-an-id', cookies.fan)).statusCode).toBe(400);
    expect((await remove(fan.id, 'nope', cookies.fan)).statusCode).toBe(400);
    expect((await list(other.id, cookies.fan)).statusCode).toBe(403);
    const token = await tokenize(t.app, cookies.fan);
    expect((await attach(other.id, { paymentMethodID: token }, cookies.fan)).statusCode).toBe(403);
    // Admins may read a member's cards, never save one for them.
    expect((await attach(fan.id, { paymentMethodID: token }, cookies.admin)).statusCode).toBe(403);
  });

  it('saves a card (brand, last four, expiry, name, ZIP; no number), lists it, and answers it again for the same token', async () => {
    const token = await tokenize(t.app, cookies.fan);
    const res = await attach(fan.id, { paymentMethodID: token }, cookies.fan);
    expect(res.statusCode).toBe(201);
    const card = res.json();
    expect(card).toMatchObject({ paymentMethodID: token, brand: 'visa', last4: '4242', cardName: 'Ada Lovelace' });
    expect(card.postalCode).toBe('10001');
    expect(JSON.stringify(card)).not.toContain('4242424242424242');
    const again = await attach(fan.id, { paymentMethodID: token }, cookies.fan);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(card.id);
    const listed = await list(fan.id, cookies.fan);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((c: { id: string }) => c.id)).toContain(card.id);
    expect((await list(fan.id, cookies.admin)).json().map((c: { id: string }) => c.id)).toContain(card.id);
    expect((await list(fan.id, cookies.other)).statusCode).toBe(403);
  });

  it('takes the card name and ZIP code from the form when it sends them', async () => {
    const token = await tokenize(t.app, cookies.other);
    const res = await attach(
      other.id,
      { paymentMethodID: token, cardName: 'Grace Hopper', postalCode: '02139-4307' },
      cookies.other,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ cardName: 'Grace Hopper', postalCode: '02139-4307' });
  });

  it.each([
    ['declined', 'Your card was declined.'],
    ['insufficientFunds', 'Your card has insufficient funds.'],
  ] as const)(
    'answers 402 with the provider’s message when the issuer refuses the %s card, saving nothing',
    async (which, message) => {
      const before = (await list(fan.id, cookies.fan)).json().length;
      const token = await tokenize(t.app, cookies.fan, which);
      const res = await attach(fan.id, { paymentMethodID: token }, cookies.fan);
      expect(res.statusCode).toBe(402);
      expect(res.json().error).toMatchObject({ code: 'PAYMENT_DECLINED', message });
      expect((await list(fan.id, cookies.fan)).json()).toHaveLength(before);
    },
  );

  it('refuses an unknown token, and a token someone else saved (400)', async () => {
    const unknown = await attach(fan.id, { paymentMethodID: 'pm_local_nothing' }, cookies.fan);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(billingMessages.unknownPaymentMethod);
    const theirs = await saveTestCard(t.app, cookies.other, other.id);
    const res = await attach(fan.id, { paymentMethodID: theirs.paymentMethodID }, cookies.fan);
    expect(res.statusCode).toBe(400);
  });

  it('removes a card: the member only; someone else’s card or an unknown one is a 404', async () => {
    const card = await saveTestCard(t.app, cookies.fan, fan.id);
    const theirs = await saveTestCard(t.app, cookies.other, other.id);
    expect((await remove(fan.id, theirs.id, cookies.fan)).statusCode).toBe(404);
    expect((await remove(other.id, theirs.id, cookies.fan)).statusCode).toBe(403);
    expect((await remove(fan.id, card.id, cookies.admin)).statusCode).toBe(403);
    expect((await remove(fan.id, crypto.randomUUID(), cookies.fan)).statusCode).toBe(404);
    const res = await remove(fan.id, card.id, cookies.fan);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: card.id, deleted: true });
    expect((await list(fan.id, cookies.fan)).json().map((c: { id: string }) => c.id)).not.toContain(card.id);
    expect((await remove(fan.id, card.id, cookies.fan)).statusCode).toBe(404);
    // The provider detached it: it can be saved by no one again.
    expect((await attach(fan.id, { paymentMethodID: card.paymentMethodID }, cookies.fan)).statusCode).toBe(400);
  });

  it('keeps a card that pays for a subscription that renews (409), and lets it go once renewal is off', async () => {
    const card = await saveTestCard(t.app, cookies.fan, fan.id);
    const [sub] = await t.app.ctx.db
      .insert(subscriptions)
      .values({
        memberId: fan.id,
        artistId: (await createArtist(t.app)).artistId,
        paymentMethodId: card.id,
        currentPeriodEnd: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const res = await remove(fan.id, card.id, cookies.fan);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(billingMessages.cardPaysSubscription);
    await t.app.ctx.db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, sub!.id));
    expect((await remove(fan.id, card.id, cookies.fan)).statusCode).toBe(200);
    const [left] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(left!.paymentMethodId).toBeNull();
  });

  it('stores no card number or CVC in its table', async () => {
    const rows = await t.app.ctx.db.select().from(paymentCards);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/4242424242424242|4000000000000341/);
  });
});
