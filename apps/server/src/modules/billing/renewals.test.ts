import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerEntries, subscriptions } from '../../platform/db/schema/billing.js';
import { localCharges, localSubscriptions } from '../../platform/db/schema/payments.js';
import {
  createBillingTestApp,
  subscribeTestFan,
  switchSubscriptionCard,
  type BillingTestApp,
} from '../../test/billing-helpers.js';
import { createArtist, readMails, signIn, TEST_PASSWORD, type TestArtist } from '../../test/factories.js';
import { listActiveSubscriptionsOf } from '../users/user-relations.repository.js';
import { payableFrom } from '@hfm/shared';
import { RECEIPT_MAIL_JOB } from './receipts.service.js';
import type { PaymentProvider } from '../../platform/payments/provider.js';
import {
  CARD_GONE_REASON,
  POSTGRES_SWEEP_CONCURRENCY,
  renewalKey,
  renewDueSubscriptions,
  renewSubscription,
} from './renewals.service.js';
import { injectAs } from '../../test/route-cast.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: BillingTestApp;
let artist: TestArtist;

beforeAll(async () => {
  t = await createBillingTestApp({}, { work: [RECEIPT_MAIL_JOB] });
  artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
});
afterAll(async () => t.close());
// Each case starts at today: the test cards expire three years on.
beforeEach(() => t.clock.set(new Date()));

async function rowOf(id: string) {
  const [row] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}
const ledgerOf = (id: string) =>
  t.app.ctx.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.subscriptionId, id))
    .orderBy(ledgerEntries.termNumber, ledgerEntries.kind);
const chargesOf = (providerSubscriptionId: string) =>
  t.app.ctx.db
    .select()
    .from(localCharges)
    .where(eq(localCharges.subscriptionId, providerSubscriptionId))
    .orderBy(localCharges.createdAt);
async function mailsTo(email: string) {
  await t.app.ctx.jobs.idle([RECEIPT_MAIL_JOB]);
  return readMails(t, email);
}
/** Moves the provider's clock to `ms` after the subscription's current term ends, and answers that time. */
async function atTermEnd(id: string, ms = MINUTE): Promise<Date> {
  const end = (await rowOf(id)).currentPeriodEnd;
  t.clock.set(new Date(end.getTime() + ms));
  return t.clock.now();
}
const renew = (id: string, now: Date) => renewSubscription(t.app.ctx, id, now);

describe('the renewal job', () => {
  it('charges 999 at the end of the term, moves the term on and writes the ledger pair for year 2', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    const first = await rowOf(fan.subscriptionId);
    expect(await renew(fan.subscriptionId, new Date(first.currentPeriodEnd.getTime() - MINUTE))).toBe('skipped');

    const now = await atTermEnd(fan.subscriptionId);
    expect(await renew(fan.subscriptionId, now)).toBe('renewed');
    const row = await rowOf(fan.subscriptionId);
    expect(row).toMatchObject({
      status: 'active',
      termNumber: 2,
      renewalAttempts: 0,
      currentPeriodStart: first.currentPeriodEnd,
    });
    expect(row.currentPeriodEnd.getTime()).toBeGreaterThan(first.currentPeriodEnd.getTime() + 364 * DAY);
    expect(row.nextAttemptAt).toEqual(row.currentPeriodEnd);

    const charges = await chargesOf(fan.providerSubscriptionId);
    expect(charges.map((charge) => [charge.status, charge.amountCents])).toEqual([
      ['succeeded', 999],
      ['succeeded', 999],
    ]);
    expect(charges[1]!.idempotencyKey).toBe(renewalKey(fan.subscriptionId, 2, 1));
    const year2 = (await ledgerOf(fan.subscriptionId)).filter((entry) => entry.termNumber === 2);
    expect(year2.map((entry) => [entry.kind, entry.amountCents])).toEqual([
      ['artist_credit', 500],
      ['charge', 999],
      ['provider_fee', -59],
    ]);
    expect(year2[0]!.payableFrom).toEqual(payableFrom(charges[1]!.createdAt));

    const receipt = (await mailsTo(fan.user.email)).find((mail) => mail.includes('is renewed'));
    expect(receipt).toContain('We charged $9.99');
  });

  it('declines on a 0341 card: past due, retries after 1, 3 and 7 days with new keys and mails, then lapses', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    await switchSubscriptionCard(t, fan, 'chargeFails');
    const end = (await rowOf(fan.subscriptionId)).currentPeriodEnd;

    const schedule: [number, string, number | null][] = [
      [MINUTE, 'declined', DAY],
      [DAY, 'declined', 3 * DAY],
      [3 * DAY, 'declined', 7 * DAY],
    ];
    for (const [at, outcome, next] of schedule) {
      const now = await atTermEnd(fan.subscriptionId, at);
      expect(await renew(fan.subscriptionId, now)).toBe(outcome);
      const row = await rowOf(fan.subscriptionId);
      expect(row.status).toBe('past_due');
      expect(row.nextAttemptAt).toEqual(new Date(end.getTime() + next!));
      // Not due again until then: another sweep now charges nothing.
      expect(await renew(fan.subscriptionId, now)).toBe('skipped');
    }
    expect(await listActiveSubscriptionsOf(t.app.ctx.db, [fan.user.id])).toEqual([]);

    const now = await atTermEnd(fan.subscriptionId, 7 * DAY);
    expect(await renew(fan.subscriptionId, now)).toBe('lapsed');
    expect(await rowOf(fan.subscriptionId)).toMatchObject({
      status: 'lapsed',
      nextAttemptAt: null,
      renewalAttempts: 4,
    });
    const [providerSub] = await t.app.ctx.db
      .select()
      .from(localSubscriptions)
      .where(eq(localSubscriptions.id, fan.providerSubscriptionId));
    expect(providerSub!.status).toBe('canceled');
    expect(await renew(fan.subscriptionId, new Date(now.getTime() + 30 * DAY))).toBe('skipped');

    const failed = (await chargesOf(fan.providerSubscriptionId)).filter((charge) => charge.status === 'failed');
    expect(failed.map((charge) => charge.idempotencyKey)).toEqual(
      [1, 2, 3, 4].map((attempt) => renewalKey(fan.subscriptionId, 2, attempt)),
    );
    expect((await ledgerOf(fan.subscriptionId)).every((entry) => entry.termNumber === 1)).toBe(true);

    const mails = await mailsTo(fan.user.email);
    const declined = mails.filter((mail) => mail.includes('We could not renew'));
    expect(declined).toHaveLength(3);
    expect(declined[0]).toContain('Your card was declined.');
    expect(declined[0]).toMatch(/We will try again on \w+ \d+, \d{4}/);
    expect(mails.filter((mail) => mail.includes('has ended'))).toHaveLength(1);
  });

  it('past due, then a retry on another card pays: active again, year 2 in the ledger', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    await switchSubscriptionCard(t, fan, 'chargeFails');
    expect(await renew(fan.subscriptionId, await atTermEnd(fan.subscriptionId))).toBe('declined');
    await switchSubscriptionCard(t, fan, 'succeeds');
    expect(await renew(fan.subscriptionId, await atTermEnd(fan.subscriptionId, DAY))).toBe('renewed');
    expect(await rowOf(fan.subscriptionId)).toMatchObject({ status: 'active', termNumber: 2, renewalAttempts: 0 });
    const paid = (await chargesOf(fan.providerSubscriptionId)).filter((charge) => charge.status === 'succeeded');
    expect(paid.at(-1)!.idempotencyKey).toBe(renewalKey(fan.subscriptionId, 2, 2));
    expect((await ledgerOf(fan.subscriptionId)).filter((entry) => entry.termNumber === 2)).toHaveLength(3);
  });

  it('does not charge a subscription set to cancel: it ends at its term end', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    const cancel = await injectAs(t, fan.cookie, {
      method: 'POST',
      url: `/api/subscriptions/${fan.subscriptionId}/cancel`,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await renew(fan.subscriptionId, await atTermEnd(fan.subscriptionId))).toBe('ended');
    const row = await rowOf(fan.subscriptionId);
    expect(row).toMatchObject({ status: 'canceled', nextAttemptAt: null, endedAt: row.currentPeriodEnd });
    expect(await chargesOf(fan.providerSubscriptionId)).toHaveLength(1);
  });

  it('asks again later when the provider has no invoice yet (not due there): no state change', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    const early = new Date(Date.now() - MINUTE);
    await t.app.ctx.db
      .update(subscriptions)
      .set({ nextAttemptAt: early })
      .where(eq(subscriptions.id, fan.subscriptionId));
    const before = await rowOf(fan.subscriptionId);
    expect(await renew(fan.subscriptionId, new Date())).toBe('not_due');
    expect(await rowOf(fan.subscriptionId)).toEqual(before);
  });
});

describe('the renewal job when the provider refuses the request', () => {
  it('treats a card detached at the provider as a declined renewal: past due, the fan told why', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    await t.payments.detachPaymentMethod(fan.card.paymentMethodID);
    expect(await renew(fan.subscriptionId, await atTermEnd(fan.subscriptionId))).toBe('declined');
    expect(await rowOf(fan.subscriptionId)).toMatchObject({ status: 'past_due', renewalAttempts: 1 });
    const mail = (await mailsTo(fan.user.email)).find((text) => text.includes('We could not renew'));
    expect(mail).toContain(CARD_GONE_REASON);
  });

  it('logs a row the provider cannot renew and goes on with the others in the sweep', async () => {
    const broken = await subscribeTestFan(t, artist.artistId);
    const fine = await subscribeTestFan(t, artist.artistId);
    await t.app.ctx.db
      .update(subscriptions)
      .set({ providerSubscriptionId: 'sub_local_unknown' })
      .where(eq(subscriptions.id, broken.subscriptionId));
    const now = await atTermEnd(fine.subscriptionId);
    const counts = await renewDueSubscriptions(t.app.ctx, now);
    expect(counts.failed).toBeGreaterThanOrEqual(1);
    expect((await rowOf(fine.subscriptionId)).termNumber).toBe(2);
    expect(await rowOf(broken.subscriptionId)).toMatchObject({ status: 'active', termNumber: 1 });
  });
});

describe('the renewal job charges once and writes once', () => {
  it('when the sweep runs twice at once and again', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    const now = await atTermEnd(fan.subscriptionId);
    await Promise.all([renewDueSubscriptions(t.app.ctx, now), renewDueSubscriptions(t.app.ctx, now)]);
    await renewDueSubscriptions(t.app.ctx, now);
    expect(await chargesOf(fan.providerSubscriptionId)).toHaveLength(2);
    const year2 = (await ledgerOf(fan.subscriptionId)).filter((entry) => entry.termNumber === 2);
    expect(year2.map((entry) => entry.kind).sort()).toEqual(['artist_credit', 'charge', 'provider_fee']);
    expect((await mailsTo(fan.user.email)).filter((mail) => mail.includes('is renewed'))).toHaveLength(1);
  });

  it('when a crash came between the provider charging and our write: the key replays the payment', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    const now = await atTermEnd(fan.subscriptionId);
    // The provider charged for this attempt, and the process died before our transaction.
    await t.payments.renewSubscription({
      subscriptionId: fan.providerSubscriptionId,
      idempotencyKey: renewalKey(fan.subscriptionId, 2, 1),
    });
    expect(await renew(fan.subscriptionId, now)).toBe('renewed');
    expect(await chargesOf(fan.providerSubscriptionId)).toHaveLength(2);
    const charges = await t.app.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.subscriptionId, fan.subscriptionId), eq(ledgerEntries.kind, 'charge')));
    expect(charges.map((entry) => entry.termNumber).sort()).toEqual([1, 2]);
  });
});

/** The app's context with a provider that runs `before` once, just before its first renewal call of the sweep. */
function contextRunningBeforeFirstRenewal(before: () => Promise<void>) {
  const payments = t.app.ctx.platform.payments;
  let first = true;
  const renewing: PaymentProvider['renewSubscription'] = async (input) => {
    if (first) {
      first = false;
      await before();
    }
    return payments.renewSubscription(input);
  };
  const watched = new Proxy(payments, {
    get: (target, key) => (key === 'renewSubscription' ? renewing : Reflect.get(target, key)),
  });
  return { ...t.app.ctx, platform: { ...t.app.ctx.platform, payments: watched } };
}

describe('the renewal sweep with renewals at once (PostgreSQL runs it so)', () => {
  // Each case's sweep sees only its own subscriptions: the earlier cases' rows are no longer due.
  beforeEach(async () => {
    await t.app.ctx.db.update(subscriptions).set({ nextAttemptAt: null });
  });

  it('charges each due subscription once and writes once, also when two sweeps run at once and again', async () => {
    const own = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const fans: Awaited<ReturnType<typeof subscribeTestFan>>[] = [];
    for (let i = 0; i < 6; i++) fans.push(await subscribeTestFan(t, own.artistId));
    const ends = await Promise.all(fans.map(async (fan) => (await rowOf(fan.subscriptionId)).currentPeriodEnd));
    const now = new Date(Math.max(...ends.map((end) => end.getTime())) + MINUTE);
    t.clock.set(now);
    // Pages of 2, 4 at once: the page's renewals, and the two sweeps, overlap.
    const sweep = () => renewDueSubscriptions(t.app.ctx, now, { pageSize: 2, concurrency: POSTGRES_SWEEP_CONCURRENCY });
    const [first, second] = await Promise.all([sweep(), sweep()]);
    const third = await sweep();
    // Each subscription renewed by exactly one of the sweeps (the other skipped it, or found it renewed).
    expect(first.renewed + second.renewed + third.renewed).toBe(6);
    expect(first.failed + second.failed + third.failed).toBe(0);
    expect(third.renewed).toBe(0);
    for (const fan of fans) {
      expect(await chargesOf(fan.providerSubscriptionId)).toHaveLength(2);
      const year2 = (await ledgerOf(fan.subscriptionId)).filter((entry) => entry.termNumber === 2);
      expect(year2.map((entry) => entry.kind).sort()).toEqual(['artist_credit', 'charge', 'provider_fee']);
      expect(await rowOf(fan.subscriptionId)).toMatchObject({ status: 'active', termNumber: 2 });
    }
    const receipts = await Promise.all(fans.map((fan) => mailsTo(fan.user.email)));
    for (const mails of receipts) expect(mails.filter((mail) => mail.includes('is renewed'))).toHaveLength(1);
  });

  it('does not charge a subscription cancelled after its page was read: it ends at its term end', async () => {
    const first = await subscribeTestFan(t, artist.artistId);
    const second = await subscribeTestFan(t, artist.artistId);
    const now = new Date((await rowOf(second.subscriptionId)).currentPeriodEnd.getTime() + MINUTE);
    t.clock.set(now);
    // Whichever the sweep charges first, the other is cancelled by its fan meanwhile (the page is read by then).
    let cancelled = '';
    const ctx = contextRunningBeforeFirstRenewal(async () => {
      for (const fan of [first, second]) {
        if ((await chargesOf(fan.providerSubscriptionId)).length > 1) continue;
        const other = fan === first ? second : first;
        cancelled = other.subscriptionId;
        const res = await injectAs(t, other.cookie, {
          method: 'POST',
          url: `/api/subscriptions/${other.subscriptionId}/cancel`,
        });
        expect(res.statusCode).toBe(200);
        return;
      }
    });
    const counts = await renewDueSubscriptions(ctx, now, { concurrency: 1 });
    expect(counts.failed).toBe(0);
    const other = cancelled === first.subscriptionId ? first : second;
    const renewed = other === first ? second : first;
    expect(await rowOf(other.subscriptionId)).toMatchObject({ status: 'canceled', termNumber: 1 });
    expect(await chargesOf(other.providerSubscriptionId)).toHaveLength(1);
    expect(await rowOf(renewed.subscriptionId)).toMatchObject({ status: 'active', termNumber: 2 });
  });

  it("does not charge the subscriptions of an artist who left after the sweep read the page and the artist's status", async () => {
    const leaving = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const fans = [await subscribeTestFan(t, leaving.artistId), await subscribeTestFan(t, leaving.artistId)];
    const ends = await Promise.all(fans.map(async (fan) => (await rowOf(fan.subscriptionId)).currentPeriodEnd));
    const now = new Date(Math.max(...ends.map((end) => end.getTime())) + MINUTE);
    t.clock.set(now);
    // The artist terminates their licence just before the first charge: the status the sweep read is ACTIVE.
    let charged = 0;
    const ctx = contextRunningBeforeFirstRenewal(async () => {
      const res = await injectAs(t, await signIn(t.app, leaving), {
        method: 'POST',
        url: `/api/artists/${leaving.artistId}/terminate`,
        payload: { currentPassword: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      for (const fan of fans) charged += (await chargesOf(fan.providerSubscriptionId)).length - 1;
    });
    const counts = await renewDueSubscriptions(ctx, now, { concurrency: 1 });
    // The first renewal was under way (its row read) when the artist left: it stands, the last (decision 0021).
    // The second's row, read after, is marked to end: ended uncharged, and cancelled at the provider at once.
    expect(charged).toBe(0);
    expect(counts).toMatchObject({ renewed: 1, ended: 1, failed: 0 });
    const charges = await Promise.all(fans.map((fan) => chargesOf(fan.providerSubscriptionId)));
    const ended = fans[charges.findIndex((list) => list.length === 1)]!;
    expect(charges.map((list) => list.length).sort()).toEqual([1, 2]);
    expect(await rowOf(ended.subscriptionId)).toMatchObject({ status: 'canceled', termNumber: 1 });
    const [atProvider] = await t.app.ctx.db
      .select()
      .from(localSubscriptions)
      .where(eq(localSubscriptions.id, ended.providerSubscriptionId));
    expect(atProvider!.status).toBe('canceled');
  });
});
