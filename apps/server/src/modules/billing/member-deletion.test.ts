import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, subscriptions } from '../../platform/db/schema/billing.js';
import { localCustomers, localPaymentMethods, localSubscriptions } from '../../platform/db/schema/payments.js';
import {
  createBillingTestApp,
  saveTestCard,
  subscribeTestFan,
  switchSubscriptionCard,
  type BillingTestApp,
} from '../../test/billing-helpers.js';
import { createArtist, TEST_PASSWORD } from '../../test/factories.js';
import { MEMBER_AT_PROVIDER_JOB } from './billing.service.js';
import { renewSubscription } from './renewals.service.js';
import { injectAs } from '../../test/route-cast.js';

let t: BillingTestApp;

beforeAll(async () => {
  t = await createBillingTestApp({}, { work: [MEMBER_AT_PROVIDER_JOB] });
});
afterAll(async () => t.close());

async function rowOf(id: string) {
  const [row] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}

describe("deleting a member's account, at the payment provider", () => {
  it('cancels every live subscription there (active and past due), detaches the cards and forgets name and email', async () => {
    const first = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const second = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const fan = await subscribeTestFan(t, first.artistId);
    // A second subscription of the same fan, past due after a declined renewal.
    const card = await saveTestCard(t.app, fan.cookie, fan.user.id);
    const res = await injectAs(t, fan.cookie, {
      method: 'POST',
      url: '/api/subscriptions',
      payload: { memberID: fan.user.id, paymentMethodID: card.paymentMethodID, artistID: second.artistId },
    });
    const pastDueId: string = res.json().subscription.id;
    const pastDue = await rowOf(pastDueId);
    await switchSubscriptionCard(t, { ...fan, providerSubscriptionId: pastDue.providerSubscriptionId! }, 'chargeFails');
    t.clock.set(new Date(pastDue.currentPeriodEnd.getTime() + 60_000));
    expect(await renewSubscription(t.app.ctx, pastDueId, t.clock.now())).toBe('declined');
    t.clock.set(new Date());

    const deleted = await injectAs(t, fan.cookie, {
      method: 'DELETE',
      url: `/api/users/${fan.user.id}`,
      payload: { currentPassword: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    await t.app.ctx.jobs.idle([MEMBER_AT_PROVIDER_JOB]);

    // Ours: no renewal, the rows kept as payment records.
    expect(await rowOf(fan.subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await rowOf(pastDueId)).toMatchObject({ status: 'canceled', nextAttemptAt: null });
    const ledger = await t.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.memberId, fan.user.id));
    // Two first years: charge, artist credit and the provider's fee each.
    expect(ledger).toHaveLength(6);

    // The provider's: both subscriptions canceled now, every card detached, the customer nameless.
    const [customer] = await t.app.ctx.db
      .select()
      .from(localCustomers)
      .where(eq(localCustomers.memberRef, fan.user.id));
    expect(customer).toMatchObject({ email: '', name: '' });
    const subs = await t.app.ctx.db
      .select()
      .from(localSubscriptions)
      .where(eq(localSubscriptions.customerId, customer!.id));
    expect(subs.map((sub) => sub.status)).toEqual(['canceled', 'canceled']);
    const methods = await t.app.ctx.db.select().from(localPaymentMethods);
    const mine = methods.filter((method) => [fan.card.paymentMethodID, card.paymentMethodID].includes(method.id));
    expect(mine).toHaveLength(2);
    expect(mine.every((method) => method.detachedAt !== null && method.customerId === null)).toBe(true);

    // At its term's end the active one ends, charging nothing.
    const end = (await rowOf(fan.subscriptionId)).currentPeriodEnd;
    t.clock.set(new Date(end.getTime() + 60_000));
    expect(await renewSubscription(t.app.ctx, fan.subscriptionId, t.clock.now())).toBe('ended');
    expect(await rowOf(fan.subscriptionId)).toMatchObject({ status: 'canceled' });
  });
});
