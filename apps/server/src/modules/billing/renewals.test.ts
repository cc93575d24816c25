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
import { createArtist, readMails, type TestArtist } from '../../test/factories.js';
import { listActiveSubscriptionsOf } from '../users/user-relations.repository.js';
import { payableFrom } from '@hfm/shared';
import { RECEIPT_MAIL_JOB } from './receipts.service.js';
import { CARD_GONE_REASON, renewalKey, renewDueSubscriptions, renewSubscription } from './renewals.service.js';
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
