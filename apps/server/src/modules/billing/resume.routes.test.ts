import { billingMessages } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { artists } from '../../platform/db/schema/artists.js';
import { subscriptions } from '../../platform/db/schema/billing.js';
import { createBillingTestApp, subscribeTestFan, type BillingTestApp } from '../../test/billing-helpers.js';
import { createArtist, type TestArtist } from '../../test/factories.js';
import { renewSubscription } from './renewals.service.js';
import { injectAs } from '../../test/route-cast.js';

const MINUTE = 60_000;

let t: BillingTestApp;
let artist: TestArtist;

beforeAll(async () => {
  t = await createBillingTestApp();
  artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
});
afterAll(async () => t.close());
beforeEach(() => t.clock.set(new Date()));

type Fan = Awaited<ReturnType<typeof subscribeTestFan>>;

const call = (fan: Fan, action: 'cancel' | 'resume', cookie = fan.cookie) =>
  injectAs(t, cookie, { method: 'POST', url: `/api/subscriptions/${fan.subscriptionId}/${action}` });
async function rowOf(id: string) {
  const [row] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}

describe('POST /api/subscriptions/{id}/resume', () => {
  it('undoes a cancel while the term runs, again and again the same, and the year then renews', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    expect((await call(fan, 'cancel')).json()).toMatchObject({ cancelAtPeriodEnd: true, renewsAt: null });
    const resumed = await call(fan, 'resume');
    expect(resumed.statusCode).toBe(200);
    const row = await rowOf(fan.subscriptionId);
    expect(resumed.json()).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      renewsAt: row.currentPeriodEnd.toISOString(),
    });
    const again = await call(fan, 'resume');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(resumed.json());
    expect(await t.payments.getSubscription(fan.providerSubscriptionId)).toMatchObject({ cancelAtPeriodEnd: false });

    t.clock.set(new Date(row.currentPeriodEnd.getTime() + MINUTE));
    expect(await renewSubscription(t.app.ctx, fan.subscriptionId, t.clock.now())).toBe('renewed');
  });

  it('is a 409 once the term has ended', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    await call(fan, 'cancel');
    const end = (await rowOf(fan.subscriptionId)).currentPeriodEnd;
    // The term ran out before the sweep ended it, then after.
    await t.app.ctx.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - MINUTE) })
      .where(eq(subscriptions.id, fan.subscriptionId));
    const early = await call(fan, 'resume');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(billingMessages.termEndedNoResume);
    await t.app.ctx.db
      .update(subscriptions)
      .set({ currentPeriodEnd: end, status: 'canceled', endedAt: new Date() })
      .where(eq(subscriptions.id, fan.subscriptionId));
    const ended = await call(fan, 'resume');
    expect(ended.statusCode).toBe(409);
    expect(ended.json().error.message).toBe(billingMessages.termEndedNoResume);
  });

  it('is a 409 once the artist has left HFM', async () => {
    const leaving = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const fan = await subscribeTestFan(t, leaving.artistId);
    await call(fan, 'cancel');
    await t.app.ctx.db.update(artists).set({ status: 'CANCELLED' }).where(eq(artists.id, leaving.artistId));
    const res = await call(fan, 'resume');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(billingMessages.artistLeftNoResume);
    expect((await rowOf(fan.subscriptionId)).cancelAtPeriodEnd).toBe(true);
  });

  it('is a 404 to another fan, who changes nothing', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    const other = await subscribeTestFan(t, artist.artistId);
    await call(fan, 'cancel');
    const res = await call(fan, 'resume', other.cookie);
    expect(res.statusCode).toBe(404);
    expect((await rowOf(fan.subscriptionId)).cancelAtPeriodEnd).toBe(true);
  });
});
