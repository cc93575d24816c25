import { billingMessages } from '@hfm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, subscriptions } from '../../platform/db/schema/billing.js';
import { localCharges } from '../../platform/db/schema/payments.js';
import { PaymentDeclinedError } from '../../platform/payments/provider.js';
import type { TestCard } from '../../platform/payments/test-cards.js';
import { createBillingTestApp, saveTestCard, type BillingTestApp } from '../../test/billing-helpers.js';
import { createArtist, createUser, signIn, type TestArtist } from '../../test/factories.js';
import { INCOMPLETE_SWEEP_JOB } from './billing.jobs.js';
import { findCardByRef, findCustomerId } from './cards.repository.js';
import { ABANDONED_INCOMPLETE_MS, subscribeKey } from './subscribe.service.js';
import { injectAs } from '../../test/route-cast.js';

let t: BillingTestApp;
let artist: TestArtist;
/** Only a hang guard: a busy machine may take long to start a queue worker; the sweep runs every second. */
const HANG_GUARD_MS = 240_000;

// The queue itself runs the reconciliation, every second here (INCOMPLETE_SWEEP_SECONDS), as a worker does.
beforeAll(async () => {
  t = await createBillingTestApp({ INCOMPLETE_SWEEP_SECONDS: '1' }, { work: [INCOMPLETE_SWEEP_JOB] });
  artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
});
afterAll(async () => t.close());

async function fanWithCard(which: TestCard = 'succeeds') {
  const user = await createUser(t.app);
  const cookie = await signIn(t.app, user);
  const card = await saveTestCard(t.app, cookie, user.id, which);
  return { user, cookie, card };
}
type Fan = Awaited<ReturnType<typeof fanWithCard>>;

const post = (fan: Fan, key: string, card = fan.card) =>
  injectAs(t, fan.cookie, {
    method: 'POST',
    url: '/api/subscriptions',
    headers: { 'idempotency-key': key },
    payload: { memberID: fan.user.id, paymentMethodID: card.paymentMethodID, artistID: artist.artistId },
  });

async function rowOf(id: string) {
  const [row] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row ?? null;
}
const paidCharges = async (memberId: string) =>
  (await t.app.ctx.db.select().from(localCharges).where(eq(localCharges.status, 'succeeded'))).filter(
    (row) => JSON.parse(row.metadata).memberId === memberId,
  );

/**
 * What POST /api/subscriptions leaves when its process dies: the incomplete row holding the place, and (when
 * `charged`) the provider's subscription paid with the request's key, our write never made. `ageMs` back-dates it.
 */
async function interruptedFirstPayment(fan: Fan, options: { charged: boolean; ageMs: number }) {
  const requestKey = `subscribe-${crypto.randomUUID()}`;
  const id = crypto.randomUUID();
  const card = await findCardByRef(t.app.ctx.db, fan.user.id, fan.card.paymentMethodID);
  await t.app.ctx.db.insert(subscriptions).values({
    id,
    memberId: fan.user.id,
    artistId: artist.artistId,
    paymentMethodId: card!.id,
    status: 'incomplete',
    priceCents: 999,
    currentPeriodEnd: new Date(),
    requestKey,
    createdAt: new Date(Date.now() - options.ageMs),
  });
  if (options.charged) {
    const customerId = (await findCustomerId(t.app.ctx.db, fan.user.id, 'local'))!;
    await t.payments
      .createSubscription({
        customerId,
        paymentMethodId: fan.card.paymentMethodID,
        amountCents: 999,
        interval: 'year',
        description: `${artist.artist.name}, one year`,
        idempotencyKey: subscribeKey(fan.user.id, requestKey),
        metadata: { subscriptionId: id, memberId: fan.user.id, artistId: artist.artistId },
      })
      .catch((error: unknown) => {
        if (!(error instanceof PaymentDeclinedError)) throw error;
      });
  }
  return { id, requestKey };
}

async function waitForRow(id: string, done: (row: Awaited<ReturnType<typeof rowOf>>) => boolean) {
  const deadline = Date.now() + HANG_GUARD_MS;
  while (!done(await rowOf(id))) {
    if (Date.now() > deadline) throw new Error('The reconciliation job did not settle the row.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return rowOf(id);
}

const ABANDONED = ABANDONED_INCOMPLETE_MS + 60_000;

describe('first payments left under way by a crash', { timeout: HANG_GUARD_MS + 30_000 }, () => {
  it('completes one the provider took: the subscription active, its ledger rows, access; one charge', async () => {
    const fan = await fanWithCard();
    const { id } = await interruptedFirstPayment(fan, { charged: true, ageMs: ABANDONED });
    const row = await waitForRow(id, (seen) => seen?.status === 'active');
    expect(row).toMatchObject({ termNumber: 1, provider: 'local', nextAttemptAt: row!.currentPeriodEnd });
    const ledger = await t.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.subscriptionId, id));
    expect(ledger.map((entry) => [entry.kind, entry.amountCents, entry.termNumber]).sort()).toEqual([
      ['artist_credit', 500, 1],
      ['charge', 999, 1],
      ['provider_fee', -59, 1],
    ]);
    const charges = await paidCharges(fan.user.id);
    expect(charges).toHaveLength(1);
    expect(ledger.find((entry) => entry.kind === 'charge')!.providerChargeId).toBe(charges[0]!.id);
    const profile = await injectAs(t, fan.cookie, {
      method: 'GET',
      url: '/api/users/session/profile',
    });
    expect(profile.json().user.subscribedTo).toEqual([{ artistID: artist.artistId }]);
    // Now really subscribed: a new attempt is told so, and charges nothing.
    const again = await post(fan, `subscribe-${crypto.randomUUID()}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(billingMessages.alreadySubscribed);
    expect(await paidCharges(fan.user.id)).toHaveLength(1);
  });

  it('releases one that never reached the provider: a new attempt with a new key subscribes, charged once', async () => {
    const fan = await fanWithCard();
    const { id } = await interruptedFirstPayment(fan, { charged: false, ageMs: ABANDONED });
    const res = await post(fan, `subscribe-${crypto.randomUUID()}`);
    expect(res.statusCode).toBe(201);
    expect(await rowOf(id)).toBeNull();
    expect(await paidCharges(fan.user.id)).toHaveLength(1);
  });

  it('records one the issuer declined, and the fan can subscribe with another card', async () => {
    const fan = await fanWithCard('chargeFails');
    const { id, requestKey } = await interruptedFirstPayment(fan, { charged: true, ageMs: ABANDONED });
    const row = await waitForRow(id, (seen) => seen?.status === 'declined');
    expect(row).toMatchObject({ failureCode: 'card_declined', failureMessage: 'Your card was declined.' });
    // The same key answers the decline; another card pays.
    expect((await post(fan, requestKey)).statusCode).toBe(402);
    const good = await saveTestCard(t.app, fan.cookie, fan.user.id);
    expect((await post(fan, `subscribe-${crypto.randomUUID()}`, good)).statusCode).toBe(201);
    expect(await paidCharges(fan.user.id)).toHaveLength(1);
  });

  it('leaves one alone while it may still be paid: a new key is told the payment is under way', async () => {
    const fan = await fanWithCard();
    const { id } = await interruptedFirstPayment(fan, { charged: false, ageMs: 0 });
    const res = await post(fan, `subscribe-${crypto.randomUUID()}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(billingMessages.paymentUnderWay);
    expect(await rowOf(id)).toMatchObject({ status: 'incomplete' });
    const live = await t.app.ctx.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.memberId, fan.user.id), eq(subscriptions.artistId, artist.artistId)));
    expect(live).toHaveLength(1);
  });
});
