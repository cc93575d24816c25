import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, subscriptions } from '../../platform/db/schema/billing.js';
import { localCharges } from '../../platform/db/schema/payments.js';
import type { TestCard } from '../../platform/payments/test-cards.js';
import { createBillingTestApp, saveTestCard, type BillingTestApp } from '../../test/billing-helpers.js';
import { createArtist, createUser, signIn, type TestArtist } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { INCOMPLETE_SWEEP_JOB } from './billing.jobs.js';
import { ABANDONED_INCOMPLETE_MS } from './subscribe.service.js';

/**
 * The subscribe path's guarantees, through the route as it runs now (two prepared statements hold the place,
 * the provider is called outside any transaction, one transaction records): one charge and one credit whatever
 * is repeated or raced, and a request that dies between the provider and the record (or before the provider)
 * leaves a row the incomplete sweep completes (or releases). On PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
let t: BillingTestApp;
let artist: TestArtist;
/** Only a hang guard: the sweep runs every second here; a busy machine may take long to start its worker. */
const HANG_GUARD_MS = 240_000;

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

const post = (fan: Fan, key: string) =>
  injectAs(t, fan.cookie, {
    method: 'POST',
    url: '/api/subscriptions',
    headers: { 'idempotency-key': key },
    payload: { memberID: fan.user.id, paymentMethodID: fan.card.paymentMethodID, artistID: artist.artistId },
  });

/** The member's subscriptions to the artist, their ledger rows by kind, and the provider's paid charges. */
async function moneyOf(fan: Fan) {
  const rows = await t.app.ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.memberId, fan.user.id), eq(subscriptions.artistId, artist.artistId)));
  const ledger = await t.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.memberId, fan.user.id));
  const charges = (await t.app.ctx.db.select().from(localCharges).where(eq(localCharges.status, 'succeeded'))).filter(
    (row) => JSON.parse(row.metadata).memberId === fan.user.id,
  );
  const kinds = (kind: string) => ledger.filter((row) => row.kind === kind).map((row) => row.amountCents);
  return {
    statuses: rows.map((row) => row.status),
    rows,
    charges: charges.map((row) => row.amountCents),
    ledger: { charge: kinds('charge'), credit: kinds('artist_credit') },
  };
}

/** Waits (the sweep runs every second) until `done` holds; fails past the hang guard. */
async function until(done: () => Promise<boolean>) {
  const deadline = Date.now() + HANG_GUARD_MS;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('the incomplete sweep did not settle the row');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** As if the request began long enough ago that no request can still be paying it. */
async function ageRow(id: string) {
  await t.app.ctx.db
    .update(subscriptions)
    .set({ createdAt: new Date(Date.now() - ABANDONED_INCOMPLETE_MS - 60_000) })
    .where(eq(subscriptions.id, id));
}

describe('subscribing: one charge and one credit', () => {
  it('for a repeated Idempotency-Key: the same answer, nothing charged again', async () => {
    const fan = await fanWithCard();
    const first = await post(fan, 'repeat-1');
    expect(first.statusCode).toBe(201);
    const again = await post(fan, 'repeat-1');
    expect(again.statusCode).toBe(201);
    expect(again.json().subscription.id).toBe(first.json().subscription.id);
    expect(await moneyOf(fan)).toMatchObject({
      statuses: ['active'],
      charges: [999],
      ledger: { charge: [999], credit: [500] },
    });
  });

  it('for double submits at once, with the same key and with two keys: one 201, the others 409', async () => {
    const fan = await fanWithCard();
    const sameKey = await Promise.all([post(fan, 'double-1'), post(fan, 'double-1'), post(fan, 'double-1')]);
    const twoKeys = await Promise.all([post(fan, 'double-2'), post(fan, 'double-3')]);
    const codes = [...sameKey, ...twoKeys].map((res) => res.statusCode);
    // The first to hold the place pays; a repeat of its key is answered 409 while it pays, or its answer after.
    expect(codes.filter((code) => code !== 201 && code !== 409)).toEqual([]);
    const paid = [...sameKey, ...twoKeys].filter((res) => res.statusCode === 201);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    expect(new Set(paid.map((res) => res.json().subscription.id)).size).toBe(1);
    expect(await moneyOf(fan)).toMatchObject({
      statuses: ['active'],
      charges: [999],
      ledger: { charge: [999], credit: [500] },
    });
  });
});

describe('a request that dies on the way', () => {
  it('between the provider and the record: the sweep completes it, charged once, credited once', async () => {
    const fan = await fanWithCard();
    // The record's transaction fails at its last write (the receipt's mail job), after the provider charged.
    const jobs = t.app.ctx.jobs;
    const send = jobs.send.bind(jobs);
    jobs.send = (() => Promise.reject(new Error('the process died here'))) as typeof jobs.send;
    let res;
    try {
      res = await post(fan, 'crash-after-provider');
    } finally {
      jobs.send = send;
    }
    expect(res.statusCode).toBe(500);
    const left = await moneyOf(fan);
    expect(left).toMatchObject({ statuses: ['incomplete'], charges: [999], ledger: { charge: [], credit: [] } });

    await ageRow(left.rows[0]!.id);
    await until(async () => (await moneyOf(fan)).statuses[0] === 'active');
    expect(await moneyOf(fan)).toMatchObject({
      statuses: ['active'],
      charges: [999],
      ledger: { charge: [999], credit: [500] },
    });
    // The same key afterwards answers the completed subscription and charges nothing more.
    const again = await post(fan, 'crash-after-provider');
    expect(again.statusCode).toBe(201);
    expect((await moneyOf(fan)).charges).toEqual([999]);
  });

  it('before the provider was reached: the sweep releases the place, nothing charged, and a new try pays once', async () => {
    const fan = await fanWithCard();
    const payments = t.payments;
    const create = payments.createSubscription.bind(payments);
    payments.createSubscription = (() => Promise.reject(new Error('the process died here'))) as typeof create;
    let res;
    try {
      res = await post(fan, 'crash-before-provider');
    } finally {
      payments.createSubscription = create;
    }
    expect(res.statusCode).toBe(500);
    const left = await moneyOf(fan);
    expect(left).toMatchObject({ statuses: ['incomplete'], charges: [] });

    await ageRow(left.rows[0]!.id);
    await until(async () => (await moneyOf(fan)).rows.length === 0);
    expect(await moneyOf(fan)).toMatchObject({ charges: [], ledger: { charge: [], credit: [] } });
    expect((await post(fan, 'after-release')).statusCode).toBe(201);
    expect(await moneyOf(fan)).toMatchObject({
      statuses: ['active'],
      charges: [999],
      ledger: { charge: [999], credit: [500] },
    });
  });
});
