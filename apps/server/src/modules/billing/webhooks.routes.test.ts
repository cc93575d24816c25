import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerEntries, providerEvents, subscriptions } from '../../platform/db/schema/billing.js';
import type { ProviderEvent } from '../../platform/payments/provider.js';
import { createBillingTestApp, subscribeTestFan, type BillingTestApp } from '../../test/billing-helpers.js';
import { createArtist, type TestArtist } from '../../test/factories.js';
import { payableFrom } from '@hfm/shared';
import { sumMemberPayments } from './ledger.repository.js';
import { renewalKey, renewSubscription } from './renewals.service.js';

let t: BillingTestApp;
let artist: TestArtist;
/** The app's log lines (JSON), to see what an acknowledged bad event says. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

beforeAll(async () => {
  t = await createBillingTestApp({ LOG_LEVEL: 'warn' }, { logStream });
  artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
});
afterAll(async () => t.close());
beforeEach(() => t.clock.set(new Date()));

const URL = '/api/payments/webhooks/local';
const eventId = () => `evt_local_${crypto.randomBytes(8).toString('hex')}`;

function deliver(body: string, signature?: string, url = URL) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'hfm-local-signature': signature } : {}) },
  });
}
/** Signs the event as the local provider does, and delivers it. */
function send(event: ProviderEvent) {
  const { body, signature } = t.payments.signEvent(event);
  return deliver(body, signature);
}
const eventsStored = async () => (await t.app.ctx.db.select().from(providerEvents)).length;
async function rowOf(id: string) {
  const [row] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}
const ledgerOf = (id: string, kind?: string) =>
  t.app.ctx.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.subscriptionId, id), kind ? eq(ledgerEntries.kind, kind) : undefined));
async function firstChargeOf(subscriptionId: string) {
  const [charge] = await ledgerOf(subscriptionId, 'charge');
  return charge!;
}
const other = (): ProviderEvent => ({ id: eventId(), createdAt: new Date(), type: 'other', providerType: 'x.y' });

describe('POST /api/payments/webhooks/{provider}: refusals', () => {
  it('is a 404 for a provider that is not the configured one', async () => {
    const { body, signature } = t.payments.signEvent(other());
    expect((await deliver(body, signature, '/api/payments/webhooks/stripe')).statusCode).toBe(404);
    expect((await deliver(body, signature, '/api/payments/webhooks/paypal')).statusCode).toBe(404);
  });

  it('answers 400 and stores nothing for a missing, malformed, wrong, old or other-body signature', async () => {
    const before = await eventsStored();
    const { body, signature } = t.payments.signEvent(other());
    const old = t.payments.signEvent(other(), Math.floor(Date.now() / 1000) - 600);
    const cases: [string, string | undefined][] = [
      [body, undefined],
      [body, ''],
      [body, 'nonsense'],
      [body, signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0')],
      [old.body, old.signature],
      [body.replace('x.y', 'x.z'), signature],
      ['', signature],
    ];
    for (const [payload, header] of cases) {
      const res = await deliver(payload, header);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    expect(await eventsStored()).toBe(before);
  });

  it('refuses a body over the limit (413)', async () => {
    const res = await deliver('x'.repeat(300 * 1024), 't=1,v1=00');
    expect(res.statusCode).toBe(413);
  });
});

describe('POST /api/payments/webhooks/{provider}: events applied once', () => {
  it('records an unknown event type and answers 200, also when it comes again', async () => {
    const event = other();
    expect((await send(event)).json()).toEqual({ received: true });
    expect((await send(event)).statusCode).toBe(200);
    const stored = await t.app.ctx.db.select().from(providerEvents).where(eq(providerEvents.eventId, event.id));
    expect(stored).toMatchObject([{ provider: 'local', type: 'other:x.y' }]);
  });

  it('writes one negative refund row per provider refund, however often and by however many events', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    const charge = await firstChargeOf(fan.subscriptionId);
    const refund = (id: string): ProviderEvent => ({
      id,
      createdAt: new Date(),
      type: 'charge.refunded',
      chargeId: charge.providerChargeId!,
      refundId: 're_local_1',
      amountCents: 999,
      metadata: {},
    });
    const created = refund(eventId());
    expect((await send(created)).statusCode).toBe(200);
    expect((await send(created)).statusCode).toBe(200);
    expect((await send(refund(eventId()))).statusCode).toBe(200);
    const rows = await ledgerOf(fan.subscriptionId, 'refund');
    expect(rows).toMatchObject([
      { amountCents: -999, memberId: fan.user.id, artistId: artist.artistId, providerRefId: 're_local_1' },
    ]);
    // The artist's credit of the term is taken back with it, once, payable from the 22nd of the next month.
    const debits = await ledgerOf(fan.subscriptionId, 'artist_debit');
    expect(debits).toMatchObject([{ amountCents: -500, artistId: artist.artistId, providerRefId: 're_local_1' }]);
    expect(debits[0]!.payableFrom).toEqual(payableFrom(created.createdAt));
  });

  it('takes back the share of a partial refund, and never more than the credit over several', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    const charge = await firstChargeOf(fan.subscriptionId);
    const refund = (refundId: string, amountCents: number): ProviderEvent => ({
      id: eventId(),
      createdAt: new Date(),
      type: 'charge.refunded',
      chargeId: charge.providerChargeId!,
      refundId,
      amountCents,
      metadata: {},
    });
    await send(refund('re_local_part_1', 499));
    expect((await ledgerOf(fan.subscriptionId, 'artist_debit')).map((row) => row.amountCents)).toEqual([-250]);
    await send(refund('re_local_part_2', 500));
    await send({
      id: eventId(),
      createdAt: new Date(),
      type: 'charge.disputed',
      chargeId: charge.providerChargeId!,
      disputeId: 'dp_local_after_refunds',
      amountCents: 999,
    });
    const debits = (await ledgerOf(fan.subscriptionId, 'artist_debit')).map((row) => row.amountCents);
    expect(debits.sort()).toEqual([-250, -250]);
    const credit = await ledgerOf(fan.subscriptionId, 'artist_credit');
    expect(credit[0]!.amountCents + debits.reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('never gives back more than the charge, whatever the provider sends', async () => {
    const moneyBack = async (subscriptionId: string) =>
      [...(await ledgerOf(subscriptionId, 'refund')), ...(await ledgerOf(subscriptionId, 'dispute'))]
        .map((row) => row.amountCents)
        .sort((a, b) => a - b);
    const refund = (chargeId: string, refundId: string, amountCents: number): ProviderEvent => ({
      id: eventId(),
      createdAt: new Date(),
      type: 'charge.refunded',
      chargeId,
      refundId,
      amountCents,
      metadata: {},
    });
    const dispute = (chargeId: string, disputeId: string, amountCents: number): ProviderEvent => ({
      id: eventId(),
      createdAt: new Date(),
      type: 'charge.disputed',
      chargeId,
      disputeId,
      amountCents,
    });

    // Three full refunds under three ids (the attack's -2,997 on one 999 charge), then a dispute after them.
    const whole = await subscribeTestFan(t, artist.artistId);
    const wholeCharge = (await firstChargeOf(whole.subscriptionId)).providerChargeId!;
    for (const event of [
      refund(wholeCharge, 're_local_over_1', 999),
      refund(wholeCharge, 're_local_over_2', 999),
      refund(wholeCharge, 're_local_over_3', 999),
      dispute(wholeCharge, 'dp_local_over_1', 999),
    ]) {
      expect((await send(event)).statusCode).toBe(200);
    }
    expect(await moneyBack(whole.subscriptionId)).toEqual([-999]);
    expect(await sumMemberPayments(t.app.ctx.db, whole.user.id)).toBe(0);
    const wholeDebits = await ledgerOf(whole.subscriptionId, 'artist_debit');
    expect(wholeDebits.reduce((sum, row) => sum + row.amountCents, 0)).toBe(-500);

    // Partial refunds adding up past the charge: the second is what was left; a dispute then has nothing to take.
    const partial = await subscribeTestFan(t, artist.artistId);
    const partialCharge = (await firstChargeOf(partial.subscriptionId)).providerChargeId!;
    await send(refund(partialCharge, 're_local_part_a', 600));
    await send(refund(partialCharge, 're_local_part_b', 600));
    await send(dispute(partialCharge, 'dp_local_part', 999));
    expect(await moneyBack(partial.subscriptionId)).toEqual([-600, -399]);
    expect(await sumMemberPayments(t.app.ctx.db, partial.user.id)).toBe(0);
  });

  it('acknowledges and records an event whose amount is out of range, applies nothing, and logs why', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    const chargeId = (await firstChargeOf(fan.subscriptionId)).providerChargeId!;
    const tooBig: ProviderEvent = {
      id: eventId(),
      createdAt: new Date(),
      type: 'charge.refunded',
      chargeId,
      refundId: 're_local_too_big',
      amountCents: 2 ** 32,
      metadata: {},
    };
    const negative: ProviderEvent = {
      id: eventId(),
      createdAt: new Date(),
      type: 'charge.disputed',
      chargeId,
      disputeId: 'dp_local_negative',
      amountCents: -999,
    };
    for (const event of [tooBig, tooBig, negative]) {
      const res = await send(event);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    const stored = await t.app.ctx.db
      .select()
      .from(providerEvents)
      .where(and(eq(providerEvents.provider, 'local'), eq(providerEvents.eventId, tooBig.id)));
    expect(stored).toMatchObject([{ type: 'invalid:charge.refunded' }]);
    expect(await ledgerOf(fan.subscriptionId, 'refund')).toEqual([]);
    expect(await ledgerOf(fan.subscriptionId, 'dispute')).toEqual([]);
    expect(await ledgerOf(fan.subscriptionId, 'artist_debit')).toEqual([]);
    const said = logLines.map((line) => JSON.parse(line) as { msg?: string; eventId?: string; level?: number });
    const refused = said.filter((line) => line.eventId === tooBig.id && line.msg?.includes('not applied'));
    // Logged once, when it first came; the redelivery finds it recorded.
    expect(refused).toHaveLength(1);
    expect(refused[0]!.msg).toContain('amountCents');
  });

  it('writes a dispute row, once', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    const charge = await firstChargeOf(fan.subscriptionId);
    const dispute: ProviderEvent = {
      id: eventId(),
      createdAt: new Date(),
      type: 'charge.disputed',
      chargeId: charge.providerChargeId!,
      disputeId: 'dp_local_1',
      amountCents: 999,
    };
    await send(dispute);
    await send(dispute);
    expect(await ledgerOf(fan.subscriptionId, 'dispute')).toMatchObject([{ amountCents: -999 }]);
    expect(await ledgerOf(fan.subscriptionId, 'artist_debit')).toMatchObject([
      { amountCents: -500, providerRefId: 'dp_local_1' },
    ]);
  });

  it('applies a renewal the provider paid like the job does, and the job then charges nothing more', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    const end = (await rowOf(fan.subscriptionId)).currentPeriodEnd;
    t.clock.set(new Date(end.getTime() + 60_000));
    const paid = await t.payments.renewSubscription({
      subscriptionId: fan.providerSubscriptionId,
      idempotencyKey: 'paid-by-the-provider-itself',
    });
    const event: ProviderEvent = {
      id: eventId(),
      createdAt: t.clock.now(),
      type: 'subscription.paid',
      subscriptionId: fan.providerSubscriptionId,
      chargeId: paid.charge.chargeId,
      amountCents: 999,
      currentPeriodStart: paid.subscription.currentPeriodStart,
      currentPeriodEnd: paid.subscription.currentPeriodEnd,
      metadata: {},
    };
    expect((await send(event)).statusCode).toBe(200);
    expect(await rowOf(fan.subscriptionId)).toMatchObject({
      status: 'active',
      termNumber: 2,
      currentPeriodEnd: paid.subscription.currentPeriodEnd,
    });
    await send({ ...event, id: eventId() });
    expect(await renewSubscription(t.app.ctx, fan.subscriptionId, t.clock.now())).toBe('skipped');
    const rows = await ledgerOf(fan.subscriptionId);
    expect(
      rows
        .filter((row) => row.termNumber === 2)
        .map((row) => row.kind)
        .sort(),
    ).toEqual(['artist_credit', 'charge']);
  });

  it('after the job renewed, the same payment learnt from the event changes nothing', async () => {
    const fan = await subscribeTestFan(t, artist.artistId);
    const end = (await rowOf(fan.subscriptionId)).currentPeriodEnd;
    t.clock.set(new Date(end.getTime() + 60_000));
    expect(await renewSubscription(t.app.ctx, fan.subscriptionId, t.clock.now())).toBe('renewed');
    const renewed = await rowOf(fan.subscriptionId);
    const replay = await t.payments.renewSubscription({
      subscriptionId: fan.providerSubscriptionId,
      idempotencyKey: renewalKey(fan.subscriptionId, 2, 1),
    });
    await send({
      id: eventId(),
      createdAt: t.clock.now(),
      type: 'subscription.paid',
      subscriptionId: fan.providerSubscriptionId,
      chargeId: replay.charge.chargeId,
      amountCents: 999,
      currentPeriodStart: replay.subscription.currentPeriodStart,
      currentPeriodEnd: replay.subscription.currentPeriodEnd,
      metadata: {},
    });
    expect(await rowOf(fan.subscriptionId)).toEqual(renewed);
    // Two terms: charge, artist credit and the provider's fee each.
    expect(await ledgerOf(fan.subscriptionId)).toHaveLength(6);
  });

  it('reconciles an end at the provider: an active one keeps its term and renews no more; a past-due one lapses', async () => {
    const active = await subscribeTestFan(t, artist.artistId);
    const ended = (subscriptionId: string): ProviderEvent => ({
      id: eventId(),
      createdAt: t.clock.now(),
      type: 'subscription.ended',
      subscriptionId,
      metadata: {},
    });
    await send(ended(active.providerSubscriptionId));
    expect(await rowOf(active.subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    const late = await subscribeTestFan(t, artist.artistId);
    const end = (await rowOf(late.subscriptionId)).currentPeriodEnd;
    t.clock.set(new Date(end.getTime() + 60_000));
    await send({
      id: eventId(),
      createdAt: t.clock.now(),
      type: 'subscription.payment_failed',
      subscriptionId: late.providerSubscriptionId,
      amountCents: 999,
      code: 'card_declined',
      message: 'Your card was declined.',
      metadata: {},
    });
    expect(await rowOf(late.subscriptionId)).toMatchObject({ status: 'past_due', renewalAttempts: 0 });
    await send(ended(late.providerSubscriptionId));
    expect(await rowOf(late.subscriptionId)).toMatchObject({ status: 'lapsed', nextAttemptAt: null });
  });
});
