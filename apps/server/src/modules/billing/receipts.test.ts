import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PagedPaymentReceipts, PaymentReceipt } from '@hfm/shared';
import { ledgerEntries, paymentReceipts, subscriptions } from '../../platform/db/schema/billing.js';
import type { ProviderEvent } from '../../platform/payments/provider.js';
import {
  createBillingTestApp,
  subscribeTestFan,
  switchSubscriptionCard,
  type BillingTestApp,
} from '../../test/billing-helpers.js';
import { createAdmin, createArtist, readMails, signIn, type TestArtist } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { formatMailDate } from '../../platform/mail/templates.js';
import { RECEIPT_MAIL_JOB, sendReceiptMail } from './receipts.service.js';
import { renewSubscription } from './renewals.service.js';

const MINUTE = 60_000;
const RECEIPT_NUMBER = /^HFM-\d{4}-\d{6}$/;

let t: BillingTestApp;
let artist: TestArtist;

beforeAll(async () => {
  t = await createBillingTestApp({}, { work: [RECEIPT_MAIL_JOB] });
  artist = await createArtist(t.app, { artist: { status: 'ACTIVE', name: 'The Receipt Band' } });
});
afterAll(async () => t.close());
beforeEach(() => t.clock.set(new Date()));

type Fan = Awaited<ReturnType<typeof subscribeTestFan>>;

async function mailsTo(email: string) {
  await t.app.ctx.jobs.idle([RECEIPT_MAIL_JOB]);
  return readMails(t, email);
}
/** The fan's receipts through the API, newest first. */
async function receiptsOf(fan: Fan, query = ''): Promise<PagedPaymentReceipts> {
  const res = await injectAs(t, fan.cookie, {
    method: 'GET',
    url: `/api/subscriptions/payments/${fan.user.id}${query}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}
async function rowOf(id: string) {
  const [row] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}
async function atTermEnd(id: string): Promise<Date> {
  t.clock.set(new Date((await rowOf(id)).currentPeriodEnd.getTime() + MINUTE));
  return t.clock.now();
}
/** The mail holds every line a receipt must show. */
function expectReceiptMail(mail: string | undefined, receipt: PaymentReceipt, amountLine: string, term: string) {
  expect(mail).toBeDefined();
  for (const line of [
    `Receipt ${receipt.number}`,
    amountLine,
    'Card: Visa ending in',
    `Artist: ${artist.artist.name}`,
    `Term: ${term}`,
  ]) {
    expect(mail).toContain(line);
  }
}
const mailsOf = (mails: string[], receipt: PaymentReceipt) => mails.filter((mail) => mail.includes(receipt.number));

describe('receipts', () => {
  it('mails one receipt for the first charge (amount, card, artist, term, number) and lists it', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    const row = await rowOf(fan.subscriptionId);
    const { items, pagination } = await receiptsOf(fan);
    expect(pagination).toMatchObject({ total: 1, page: 1 });
    const [receipt] = items;
    expect(receipt).toMatchObject({
      kind: 'charge',
      amountCents: 999,
      cardBrand: 'visa',
      cardLast4: fan.card.last4,
      artistName: artist.artist.name,
      termNumber: 1,
      subscriptionID: fan.subscriptionId,
    });
    expect(receipt!.number).toMatch(RECEIPT_NUMBER);
    const mails = mailsOf(await mailsTo(fan.user.email), receipt!);
    expect(mails).toHaveLength(1);
    expectReceiptMail(
      mails[0],
      receipt!,
      'Amount paid: $9.99',
      `Year 1: ${formatMailDate(row.currentPeriodStart)} to ${formatMailDate(row.currentPeriodEnd)}`,
    );
    expect(mails[0]).toContain(`ending in ${fan.card.last4}`);
    expect(mails[0]).toContain(`/members/account/receipts/${receipt!.id}`);
  });

  it('mails a receipt once however often its job runs, and a repeated subscribe request adds none', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    const [receipt] = (await receiptsOf(fan)).items;
    await mailsTo(fan.user.email);
    // The job run again (a retry, a redelivery) finds the receipt mailed.
    expect(await sendReceiptMail(t.app.ctx, receipt!.id)).toBe(false);
    const [row] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, fan.subscriptionId));
    const repeat = await injectAs(t, fan.cookie, {
      method: 'POST',
      url: '/api/subscriptions',
      headers: { 'idempotency-key': row!.requestKey! },
      payload: { memberID: fan.user.id, paymentMethodID: fan.card.paymentMethodID, artistID: artist.artistId },
    });
    expect(repeat.statusCode).toBe(201);
    expect((await receiptsOf(fan)).pagination.total).toBe(1);
    expect(mailsOf(await mailsTo(fan.user.email), receipt!)).toHaveLength(1);
  });

  it('mails a receipt for a renewal, once however often the renewal runs', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    const now = await atTermEnd(fan.subscriptionId);
    expect(await renewSubscription(t.app.ctx, fan.subscriptionId, now)).toBe('renewed');
    expect(await renewSubscription(t.app.ctx, fan.subscriptionId, now)).toBe('skipped');
    const row = await rowOf(fan.subscriptionId);
    const { items } = await receiptsOf(fan);
    expect(items.map((item) => item.kind)).toEqual(['renewal', 'charge']);
    const renewal = items[0]!;
    expect(renewal).toMatchObject({ amountCents: 999, termNumber: 2, cardBrand: 'visa' });
    const mails = mailsOf(await mailsTo(fan.user.email), renewal);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('is renewed');
    expectReceiptMail(
      mails[0],
      renewal,
      'Amount paid: $9.99',
      `Year 2: ${formatMailDate(row.currentPeriodStart)} to ${formatMailDate(row.currentPeriodEnd)}`,
    );
  });

  it('mails a receipt for a refund, once per provider refund', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    const [charge] = await t.app.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.subscriptionId, fan.subscriptionId), eq(ledgerEntries.kind, 'charge')));
    const refund = (): ProviderEvent => ({
      id: `evt_local_${crypto.randomBytes(8).toString('hex')}`,
      createdAt: new Date(),
      type: 'charge.refunded',
      chargeId: charge!.providerChargeId!,
      refundId: `re_local_${fan.subscriptionId}`,
      amountCents: 999,
      metadata: {},
    });
    for (const event of [refund(), refund()]) {
      const { body, signature } = t.payments.signEvent(event);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/local',
        payload: body,
        headers: { 'content-type': 'application/json', 'hfm-local-signature': signature },
      });
      expect(res.statusCode).toBe(200);
    }
    const { items } = await receiptsOf(fan);
    expect(items.map((item) => item.kind).sort()).toEqual(['charge', 'refund']);
    const refunded = items.find((item) => item.kind === 'refund')!;
    expect(refunded).toMatchObject({ amountCents: 999, cardBrand: 'visa', termNumber: 1 });
    const mails = mailsOf(await mailsTo(fan.user.email), refunded);
    expect(mails).toHaveLength(1);
    expectReceiptMail(mails[0], refunded, 'Amount refunded: $9.99', 'Year 1: ');
  });

  it('mails a receipt for a refused renewal (nothing charged) with the next try', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    await switchSubscriptionCard(t, fan, 'chargeFails');
    const now = await atTermEnd(fan.subscriptionId);
    expect(await renewSubscription(t.app.ctx, fan.subscriptionId, now)).toBe('declined');
    const row = await rowOf(fan.subscriptionId);
    const { items } = await receiptsOf(fan);
    const failed = items[0]!;
    expect(failed).toMatchObject({ kind: 'failed_renewal', amountCents: 999, termNumber: 2, cardBrand: 'visa' });
    expect(failed.retryAt).toBe(row.nextAttemptAt!.toISOString());
    const mails = mailsOf(await mailsTo(fan.user.email), failed);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('We could not renew');
    expect(mails[0]).toContain(`We will try again on ${formatMailDate(row.nextAttemptAt!)}`);
    expectReceiptMail(mails[0], failed, 'Amount not charged: $9.99', 'Year 2');
  });
});

describe('GET /api/subscriptions/payments/{memberID} and /receipts/{id}', () => {
  it('pages the list, shows a receipt to its member and admins only, and numbers receipts uniquely', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    await renewSubscription(t.app.ctx, fan.subscriptionId, await atTermEnd(fan.subscriptionId));
    const all = await receiptsOf(fan);
    const second = await receiptsOf(fan, '?page=2&limit=1');
    expect(second.items).toEqual([all.items[1]]);
    expect(second.pagination).toEqual({ page: 2, limit: 1, total: 2, pageCount: 2, hasMore: false });
    expect(new Set(all.items.map((item) => item.number)).size).toBe(2);

    const receipt = all.items[0]!;
    const get = (cookie?: string) =>
      injectAs(t, cookie, { method: 'GET', url: `/api/subscriptions/receipts/${receipt.id}` });
    expect((await get(fan.cookie)).json()).toEqual(receipt);
    const admin = await createAdmin(t.app);
    expect((await get(await signIn(t.app, admin))).statusCode).toBe(200);
    const stranger = await subscribeTestFan(t, artist.artistId);
    const refused = await get(stranger.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe('No such receipt.');
    expect((await get()).statusCode).toBe(401);
    const others = await injectAs(t, stranger.cookie, {
      method: 'GET',
      url: `/api/subscriptions/payments/${fan.user.id}`,
    });
    expect(others.statusCode).toBe(403);
    const bad = await injectAs(t, fan.cookie, {
      method: 'GET',
      url: `/api/subscriptions/payments/${fan.user.id}?limit=0`,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps a receipt number once made (the year and the row number)', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    const [listed] = (await receiptsOf(fan)).items;
    const [row] = await t.app.ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.id, listed!.id));
    expect(listed!.number).toBe(`HFM-${row!.createdAt.getUTCFullYear()}-${String(row!.number).padStart(6, '0')}`);
  });
});
