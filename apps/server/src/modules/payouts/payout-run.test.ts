import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../platform/db/schema/billing.js';
import { localTransfers } from '../../platform/db/schema/payments.js';
import { payoutAccounts, payoutRuns, payouts } from '../../platform/db/schema/payouts.js';
import { artists } from '../../platform/db/schema/artists.js';
import { PaymentRequestError } from '../../platform/payments/provider.js';
import type { TestArtist } from '../../test/factories.js';
import {
  allTransfers,
  artistWithCookie,
  createPayoutAccount,
  createPayoutTestApp,
  earn,
  ledgerOfArtist,
  onboardArtist,
  onboardingLinkId,
  payoutsOfArtist,
  submitOnboarding,
  TEST_W9,
  utc,
  type PayoutTestApp,
} from '../../test/payout-helpers.js';
import { artistLedgerTotals, payableArtistBalances } from '../billing/artist-balances.service.js';
import { paidTermRows } from '../billing/ledger.js';
import { insertLedgerRows } from '../billing/ledger.repository.js';
import { payoutKey, runPayouts, type RunResult } from './payout-run.service.js';
import { insertRun } from './payouts.repository.js';

let t: PayoutTestApp;

beforeAll(async () => {
  // The queue works no jobs here: a year of payouts queues a mail each (payout-sweep.test.ts sends them).
  t = await createPayoutTestApp({}, { work: [] });
});
afterAll(async () => t.close());

/** A real run of the period, its clock an hour after the period's cutoff (the 22nd, 01:00 UTC). */
const run = (period: string, now = utc(`${period}-22`, 1)) =>
  runPayouts(t.app.ctx, { period, dryRun: false, trigger: 'cli', now });
const dryRun = (period: string) =>
  runPayouts(t.app.ctx, { period, dryRun: true, trigger: 'cli', now: utc(`${period}-22`, 1) });
const lineOf = (result: RunResult, artist: TestArtist) =>
  result.lines.find((line) => line.artistID === artist.artistId);
async function accountOf(artist: TestArtist) {
  const [row] = await t.app.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.artistId, artist.artistId));
  return row!;
}
const transfersTo = async (artist: TestArtist) =>
  t.app.ctx.db
    .select()
    .from(localTransfers)
    .where(eq(localTransfers.accountId, (await accountOf(artist)).accountId));
const payoutRows = async (artist: TestArtist) =>
  (await ledgerOfArtist(t, artist.artistId)).filter((row) => row.kind === 'artist_payout');
async function onboarded(options: { taxForm?: boolean } = {}) {
  const { artist, cookie } = await artistWithCookie(t);
  await onboardArtist(t, artist, cookie, options);
  return { artist, cookie };
}

describe('the payout run: 500 cents per paid subscription-year, payable from the 22nd of the month after', () => {
  it(
    'pays 1,000 subscriptions exactly 500,000 cents ($5,000) over a year of monthly runs',
    { timeout: 120_000 },
    async () => {
      const band = await Promise.all(Array.from({ length: 10 }, () => onboarded()));
      // 1,000 first years paid through 2025, one every 8.76 hours, written by billing's own ledger functions.
      const start = utc('2025-01-01').getTime();
      const step = (utc('2026-01-01').getTime() - start) / 1000;
      const rows = Array.from({ length: 1000 }, (_, i) =>
        paidTermRows(
          { id: crypto.randomUUID(), memberId: crypto.randomUUID(), artistId: band[i % 10]!.artist.artistId },
          {
            termNumber: 1,
            provider: 'local',
            chargeId: `ch_year_${i}`,
            amountCents: 999,
            paidAt: new Date(start + Math.floor(i * step)),
            feeCents: 59,
          },
        ),
      ).flat();
      for (let i = 0; i < rows.length; i += 600) await insertLedgerRows(t.app.ctx.db, rows.slice(i, i + 600));

      const ids = band.map(({ artist }) => artist.artistId);
      const paidByPeriod: Record<string, number> = {};
      for (let month = 2; month <= 13; month += 1) {
        const period = month <= 12 ? `2025-${String(month).padStart(2, '0')}` : '2026-01';
        const result = await run(period);
        paidByPeriod[period] = result.lines
          .filter((line) => ids.includes(line.artistID) && line.outcome === 'paid')
          .reduce((sum, line) => sum + line.amountCents, 0);
      }
      // Each month pays what was paid in the month before: 2025's payments over twelve runs.
      const paidIn = (from: string, to: string) =>
        rows.filter((row) => row.kind === 'artist_credit' && row.createdAt! >= utc(from) && row.createdAt! < utc(to))
          .length * 500;
      expect(paidByPeriod['2025-02']).toBe(paidIn('2025-01-01', '2025-02-01'));
      expect(paidByPeriod['2026-01']).toBe(paidIn('2025-12-01', '2026-01-01'));
      expect(Object.values(paidByPeriod).reduce((a, b) => a + b, 0)).toBe(500_000);

      const ledger = await t.app.ctx.db
        .select()
        .from(ledgerEntries)
        .where(and(inArray(ledgerEntries.artistId, ids), eq(ledgerEntries.kind, 'artist_payout')));
      expect(ledger.reduce((sum, row) => sum + row.amountCents, 0)).toBe(-500_000);
      const accounts = await t.app.ctx.db.select().from(payoutAccounts).where(inArray(payoutAccounts.artistId, ids));
      const sent = await t.app.ctx.db
        .select()
        .from(localTransfers)
        .where(
          inArray(
            localTransfers.accountId,
            accounts.map((account) => account.accountId),
          ),
        );
      expect(sent.reduce((sum, transfer) => sum + transfer.amountCents, 0)).toBe(500_000);
      // Ten artists, twelve months: one transfer each per month, and nothing owed once the year is paid.
      expect(sent).toHaveLength(120);
      for (const balance of await payableArtistBalances(t.app.ctx.db, utc('2030-01-01'), ids)) {
        expect(balance).toMatchObject({ payableCents: 50_000, paidOutCents: -50_000, owedCents: 0 });
      }
    },
  );

  it('pays a payment at 23:59:59 UTC on Dec 31 on Jan 22, one at 00:00 on Jan 1 on Feb 22, a Feb 29 one on Mar 22', async () => {
    const { artist } = await onboarded();
    await earn(t, artist.artistId, new Date('2023-12-31T23:59:59.999Z'));
    await earn(t, artist.artistId, new Date('2024-01-01T00:00:00.000Z'));
    await earn(t, artist.artistId, new Date('2024-02-29T12:00:00.000Z'));
    await earn(t, artist.artistId, new Date('2024-03-31T23:59:59.000Z'));

    // Before the 22nd, the month's window has not opened: a real run is refused.
    await expect(run('2024-01', new Date('2024-01-21T23:59:59.999Z'))).rejects.toMatchObject({ status: 409 });
    for (const period of ['2024-01', '2024-02', '2024-03', '2024-04']) {
      expect(lineOf(await run(period, utc(`${period}-22`)), artist)).toMatchObject({
        outcome: 'paid',
        amountCents: 500,
      });
    }
    expect((await payoutsOfArtist(t, artist.artistId)).map((row) => [row.period, row.status, row.amountCents])).toEqual(
      [
        ['2024-01', 'paid', 500],
        ['2024-02', 'paid', 500],
        ['2024-03', 'paid', 500],
        ['2024-04', 'paid', 500],
      ],
    );
  });

  it('pays again nothing for a period already paid', async () => {
    const { artist } = await onboarded();
    await earn(t, artist.artistId, utc('2024-05-10'));
    await earn(t, artist.artistId, utc('2024-05-11'));
    expect(lineOf(await run('2024-06'), artist)).toMatchObject({ outcome: 'paid', amountCents: 1000 });
    expect(lineOf(await run('2024-06'), artist)).toMatchObject({ outcome: 'already_paid', amountCents: 1000 });
    expect(await transfersTo(artist)).toHaveLength(1);
    const [row] = await payoutsOfArtist(t, artist.artistId);
    expect(row).toMatchObject({ status: 'paid', attempt: 1, idempotencyKey: payoutKey(artist.artistId, '2024-06', 1) });
    expect((await payoutRows(artist)).map((entry) => [entry.amountCents, entry.providerRefId])).toEqual([
      [-1000, row!.transferId],
    ]);
  });
});

describe('exactly once, whatever runs overlap or crash', () => {
  it('two runs of a period at once pay once', async () => {
    const { artist } = await onboarded();
    for (const day of ['2026-04-02', '2026-04-15', '2026-04-30']) await earn(t, artist.artistId, utc(day));
    const [a, b] = await Promise.all([run('2026-05'), run('2026-05')]);
    const outcomes = [lineOf(a, artist)!.outcome, lineOf(b, artist)!.outcome].sort();
    expect(outcomes).toEqual(['already_paid', 'paid']);
    expect(await transfersTo(artist)).toHaveLength(1);
    expect((await payoutRows(artist)).map((row) => row.amountCents)).toEqual([-1500]);
    expect(await payoutsOfArtist(t, artist.artistId)).toMatchObject([{ status: 'paid', amountCents: 1500 }]);
  });

  it('a crash between the transfer and our write, then a run again: paid once, with the same key', async () => {
    const { artist } = await onboarded();
    await earn(t, artist.artistId, utc('2026-06-03'));
    t.failTransferTo((await accountOf(artist)).accountId, 'crash-after-sending');
    expect(lineOf(await run('2026-07'), artist)).toMatchObject({ outcome: 'pending', amountCents: 500 });
    const [pending] = await payoutsOfArtist(t, artist.artistId);
    expect(pending).toMatchObject({ status: 'pending', attempt: 1, transferId: null });
    expect(await transfersTo(artist)).toHaveLength(1);
    expect(await payoutRows(artist)).toHaveLength(0);
    // A later period pays nothing of what is on its way.
    expect(lineOf(await dryRun('2026-08'), artist)).toBeUndefined();

    expect(lineOf(await run('2026-07'), artist)).toMatchObject({ outcome: 'paid', amountCents: 500 });
    const sent = await transfersTo(artist);
    expect(sent.map((transfer) => transfer.idempotencyKey)).toEqual([payoutKey(artist.artistId, '2026-07', 1)]);
    const [paid] = await payoutsOfArtist(t, artist.artistId);
    expect(paid).toMatchObject({ status: 'paid', attempt: 1, transferId: sent[0]!.id });
    expect((await payoutRows(artist)).map((row) => row.providerRefId)).toEqual([sent[0]!.id]);
  });

  it('a transfer the provider refuses is failed with its message, and a later run retries with a new key', async () => {
    const { artist } = await onboarded();
    await earn(t, artist.artistId, utc('2026-08-08'));
    const refusal = new PaymentRequestError('balance_insufficient', 'Insufficient funds in the platform balance.');
    t.failTransferTo((await accountOf(artist)).accountId, refusal);
    expect(lineOf(await run('2026-09'), artist)).toMatchObject({ outcome: 'failed', message: refusal.message });
    expect(await payoutsOfArtist(t, artist.artistId)).toMatchObject([
      { status: 'failed', attempt: 1, failureMessage: refusal.message },
    ]);
    expect(lineOf(await run('2026-09', utc('2026-09-23')), artist)).toMatchObject({
      outcome: 'paid',
      amountCents: 500,
    });
    const [row] = await payoutsOfArtist(t, artist.artistId);
    expect(row).toMatchObject({ status: 'paid', attempt: 2, failureMessage: null });
    expect((await transfersTo(artist)).map((transfer) => transfer.idempotencyKey)).toEqual([
      payoutKey(artist.artistId, '2026-09', 2),
    ]);
  });
});

describe('a run tried again counts what it paid itself', () => {
  it('stopped half-way (its budget ran out) and tried again: paid 3 by this run, none before, each paid once', async () => {
    const band = await Promise.all([onboarded(), onboarded(), onboarded()]);
    for (const { artist } of band) await earn(t, artist.artistId, utc('2019-10-04'));
    const [first, ...rest] = band.map(({ artist }) => artist).sort((a, b) => a.artistId.localeCompare(b.artistId));
    const row = await insertRun(t.app.ctx.db, {
      period: '2019-11',
      dryRun: false,
      trigger: 'admin',
      startedAt: utc('2019-11-22', 1),
    });
    // The first try's budget runs out while the first artist's transfer goes out: it stops before the second.
    const budget = new AbortController();
    t.failTransferTo((await accountOf(first!)).accountId, () => budget.abort(new Error('the job ran out of time')));
    const attempt = (signal?: AbortSignal) =>
      runPayouts(t.app.ctx, {
        period: '2019-11',
        dryRun: false,
        trigger: 'admin',
        run: row,
        signal,
        finishOnError: false,
      });
    await expect(attempt(budget.signal)).rejects.toThrow('the job ran out of time');
    expect((await payoutsOfArtist(t, first!.artistId)).map((payout) => payout.status)).toEqual(['paid']);
    for (const artist of rest) expect(await payoutsOfArtist(t, artist.artistId)).toEqual([]);

    const retried = await attempt();
    for (const artist of [first!, ...rest]) {
      expect(lineOf(retried, artist)).toMatchObject({ outcome: 'paid', amountCents: 500 });
      expect(await transfersTo(artist)).toHaveLength(1);
      expect((await payoutRows(artist)).map((entry) => entry.amountCents)).toEqual([-500]);
    }
    expect(retried.run).toMatchObject({
      id: row.id,
      error: null,
      counts: { paid: 3, paidCents: 1500, alreadyPaid: 0, held: 0, failed: 0, pending: 0 },
    });
    // Another run of the period paid none of it: there, all three were paid before.
    const later = await run('2019-11', utc('2019-11-23'));
    expect(later.run.counts).toMatchObject({ paid: 0, paidCents: 0, alreadyPaid: 3 });
  });
});

describe('held until the artist can be paid, then paid in full', () => {
  it('no account, then onboarding without a tax form, then complete: everything owed in a later period', async () => {
    const { artist, cookie } = await artistWithCookie(t);
    await earn(t, artist.artistId, utc('2023-01-05'));
    await earn(t, artist.artistId, utc('2023-02-05'));
    await earn(t, artist.artistId, utc('2023-03-05'));
    expect(lineOf(await run('2023-02'), artist)).toMatchObject({
      outcome: 'held',
      heldReason: 'no_account',
      amountCents: 500,
    });

    await createPayoutAccount(t, cookie);
    expect(lineOf(await run('2023-02', utc('2023-02-23')), artist)).toMatchObject({
      heldReason: 'onboarding_incomplete',
    });
    const linkId = await onboardingLinkId(t, cookie, artist.artistId);
    const bankOnly = await submitOnboarding(t, linkId, {
      bankAccount: { accountHolder: 'Band', routingNumber: '110000000', accountNumber: '12345678' },
    });
    expect(bankOnly.json()).toMatchObject({ requirements: ['tax_form'] });
    expect(lineOf(await run('2023-03'), artist)).toMatchObject({
      outcome: 'held',
      heldReason: 'no_tax_form',
      amountCents: 1000,
    });
    expect(await transfersTo(artist)).toHaveLength(0);

    expect(
      (await submitOnboarding(t, await onboardingLinkId(t, cookie, artist.artistId), { taxForm: TEST_W9 })).statusCode,
    ).toBe(200);
    expect(lineOf(await run('2023-04'), artist)).toMatchObject({ outcome: 'paid', amountCents: 1500 });
    expect((await payoutsOfArtist(t, artist.artistId)).map((row) => [row.period, row.status, row.amountCents])).toEqual(
      [
        ['2023-02', 'held', 500],
        ['2023-03', 'held', 1000],
        ['2023-04', 'paid', 1500],
      ],
    );
    // The earlier periods' rows keep what happened then; nothing more is owed for them.
    expect(lineOf(await run('2023-03', utc('2023-03-24')), artist)).toBeUndefined();
    expect(await transfersTo(artist)).toHaveLength(1);
  });

  it('a held payout is paid by a later run of the same period once the artist has finished onboarding', async () => {
    const { artist, cookie } = await artistWithCookie(t);
    await earn(t, artist.artistId, utc('2022-06-05'));
    expect(lineOf(await run('2022-07'), artist)).toMatchObject({ outcome: 'held', heldReason: 'no_account' });
    await onboardArtist(t, artist, cookie);
    expect(lineOf(await run('2022-07', utc('2022-07-25')), artist)).toMatchObject({
      outcome: 'paid',
      amountCents: 500,
    });
    expect(await payoutsOfArtist(t, artist.artistId)).toMatchObject([
      { period: '2022-07', status: 'paid', heldReason: null },
    ]);
  });

  it('pays a terminated (CANCELLED) artist what they earned', async () => {
    const { artist } = await onboarded();
    await earn(t, artist.artistId, utc('2022-09-01'));
    await t.app.ctx.db
      .update(artists)
      .set({ status: 'CANCELLED', terminatedAt: utc('2022-09-15') })
      .where(eq(artists.id, artist.artistId));
    expect(lineOf(await run('2022-10'), artist)).toMatchObject({ outcome: 'paid', amountCents: 500 });
  });
});

describe('refunds, disputes, and amounts of nothing', () => {
  it('a refund takes the credit back from the next payout; an amount of 0 or less pays nothing', async () => {
    const { artist } = await onboarded();
    const first = await earn(t, artist.artistId, utc('2021-01-10'));
    await earn(t, artist.artistId, utc('2021-01-11'));
    expect(lineOf(await run('2021-02'), artist)).toMatchObject({ outcome: 'paid', amountCents: 1000 });
    // The first year is refunded in February: its 500 is taken back, payable from March 22.
    const { body, signature } = t.payments.signEvent({
      id: `evt_local_${crypto.randomUUID()}`,
      createdAt: utc('2021-02-25'),
      type: 'charge.refunded',
      chargeId: first.chargeId,
      refundId: `re_local_${crypto.randomUUID()}`,
      amountCents: 999,
      metadata: {},
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/local',
      payload: body,
      headers: { 'content-type': 'application/json', 'hfm-local-signature': signature },
    });
    expect(res.statusCode).toBe(200);
    expect((await ledgerOfArtist(t, artist.artistId)).filter((row) => row.kind === 'artist_debit')).toMatchObject([
      { amountCents: -500, payableFrom: utc('2021-03-22') },
    ]);
    // March: the debit outweighs nothing new: owed -500, nothing paid, no row.
    expect(lineOf(await run('2021-03'), artist)).toBeUndefined();
    // April: a new year earned in March (500) less the debit (500) is 0: still nothing.
    await earn(t, artist.artistId, utc('2021-03-02'));
    expect(lineOf(await run('2021-04'), artist)).toBeUndefined();
    await earn(t, artist.artistId, utc('2021-04-02'));
    expect(lineOf(await run('2021-05'), artist)).toMatchObject({ outcome: 'paid', amountCents: 500 });
    expect((await payoutsOfArtist(t, artist.artistId)).map((row) => [row.period, row.amountCents])).toEqual([
      ['2021-02', 1000],
      ['2021-05', 500],
    ]);
    expect(await artistLedgerTotals(t.app.ctx.db, artist.artistId)).toEqual({
      creditsCents: 2000,
      debitsCents: -500,
      payoutsCents: -1500,
    });
  });
});

describe('a dry run', () => {
  it('answers the plan and writes nothing: no payout, no ledger row, no transfer, no cached status', async () => {
    const ready = await onboarded();
    const { artist: unready } = await artistWithCookie(t);
    await earn(t, ready.artist.artistId, utc('2020-01-05'));
    await earn(t, unready.artistId, utc('2020-01-06'));
    const count = async () => ({
      payouts: (await t.app.ctx.db.select().from(payouts)).length,
      ledger: (await t.app.ctx.db.select().from(ledgerEntries)).length,
      transfers: (await allTransfers(t)).length,
      accounts: JSON.stringify(await t.app.ctx.db.select().from(payoutAccounts)),
    });
    const before = await count();
    const plan = await dryRun('2020-02');
    expect(lineOf(plan, ready.artist)).toMatchObject({ outcome: 'would_pay', amountCents: 500 });
    expect(lineOf(plan, unready)).toMatchObject({ outcome: 'would_hold', heldReason: 'no_account', amountCents: 500 });
    expect(plan.run).toMatchObject({ dryRun: true, trigger: 'cli', period: '2020-02' });
    expect(await count()).toEqual(before);
    // Recorded as a dry run: it does not count as the period's run (the sweep still runs it).
    const [recorded] = await t.app.ctx.db.select().from(payoutRuns).where(eq(payoutRuns.id, plan.run.id));
    expect(recorded).toMatchObject({ dryRun: true, error: null });
    // A dry run may plan a month whose window has not opened; a real run may not.
    await expect(
      runPayouts(t.app.ctx, { period: '2020-03', dryRun: true, trigger: 'admin', now: utc('2020-03-01') }),
    ).resolves.toMatchObject({ run: { dryRun: true } });
  });

  it('plans only the first artists (in id order) when capped, and says how many the run looks at in all', async () => {
    for (const day of ['2020-04-05', '2020-04-06', '2020-04-07']) {
      const { artist } = await artistWithCookie(t);
      await earn(t, artist.artistId, utc(day));
    }
    const options = { period: '2020-05', dryRun: true, trigger: 'admin' as const, now: utc('2020-05-22', 1) };
    const full = await runPayouts(t.app.ctx, options);
    const capped = await runPayouts(t.app.ctx, { ...options, maxArtists: 2 });
    expect(full.artistsTotal).toBeGreaterThanOrEqual(3);
    expect(full.artistsExamined).toBe(full.artistsTotal);
    expect(capped).toMatchObject({ artistsExamined: 2, artistsTotal: full.artistsTotal });
    // Every artist owed at the cutoff has a line here (nobody is paid yet): the capped plan is the first two.
    const ids = full.lines.map((entry) => entry.artistID).sort();
    expect(capped.lines.map((entry) => entry.artistID).sort()).toEqual(ids.slice(0, 2));
    expect(capped.run.counts).toMatchObject({ artistsPlanned: 2, artistsTotal: full.artistsTotal });
  });
});

describe('the ledger balances', () => {
  it("per artist, credits + debits + payouts is what is owed and never below what the ledger's own sums say", async () => {
    const paidRows = await t.app.ctx.db.select().from(payouts).where(eq(payouts.status, 'paid'));
    const transfers = await allTransfers(t);
    // Every paid payout is one transfer, and the provider sent exactly what the paid payouts say.
    expect(paidRows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(
      transfers.reduce((sum, transfer) => sum + transfer.amountCents, 0),
    );
    expect(new Set(paidRows.map((row) => row.transferId))).toEqual(new Set(transfers.map((transfer) => transfer.id)));
    const payoutLedger = await t.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'artist_payout'));
    expect(payoutLedger.reduce((sum, row) => sum + row.amountCents, 0)).toBe(
      -paidRows.reduce((sum, row) => sum + row.amountCents, 0),
    );
    for (const balance of await payableArtistBalances(t.app.ctx.db, utc('2100-01-01'))) {
      const totals = await artistLedgerTotals(t.app.ctx.db, balance.artistId);
      expect(totals.creditsCents + totals.debitsCents + totals.payoutsCents).toBe(balance.owedCents);
      expect(balance.owedCents).toBeGreaterThanOrEqual(0);
      const paid = paidRows.filter((row) => row.artistId === balance.artistId);
      expect(totals.payoutsCents + paid.reduce((sum, row) => sum + row.amountCents, 0)).toBe(0);
    }
  });
});
