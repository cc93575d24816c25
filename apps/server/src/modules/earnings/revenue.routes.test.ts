import { earningsMessages, revenueReport, type RevenueFigures } from '@hfm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingTestApp, subscribeTestFan, type BillingTestApp } from '../../test/billing-helpers.js';
import { csvRecords, parseCsv } from '../../test/csv.js';
import {
  createAdmin,
  createArtist,
  createLedgerRows,
  createPaidTerm,
  createUser,
  signIn,
} from '../../test/factories.js';
import { monthLabel } from '../../test/earnings-helpers.js';
import { injectAs } from '../../test/route-cast.js';

let t: BillingTestApp;
let adminCookie: string;
let fanCookie: string;
let artistCookie: string;
let artistId: string;

beforeAll(async () => {
  t = await createBillingTestApp();
  adminCookie = await signIn(t.app, await createAdmin(t.app));
  fanCookie = await signIn(t.app, await createUser(t.app));
  const artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
  artistId = artist.artistId;
  artistCookie = await signIn(t.app, artist);
});
afterAll(async () => t.close());

const get = (query: string, cookie?: string, path = '/api/admin/revenue') =>
  injectAs(t, cookie, { method: 'GET', url: `${path}${query}` });

const ZERO: RevenueFigures = {
  grossCents: 0,
  refundsCents: 0,
  disputesCents: 0,
  netCents: 0,
  artistShareCents: 0,
  providerFeesCents: 0,
  platformCents: 0,
  newSubscriptions: 0,
  renewals: 0,
  payoutsCents: 0,
};

describe('GET /api/admin/revenue and revenue.csv: who may ask, and what', () => {
  it.each(['/api/admin/revenue', '/api/admin/revenue.csv'])(
    '%s: 401 signed out, 403 for fans and artists, 400 for months that are not YYYY-MM or a range out of bounds',
    async (path) => {
      expect((await get('', undefined, path)).statusCode).toBe(401);
      for (const cookie of [fanCookie, artistCookie]) {
        const refused = await get('', cookie, path);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error.code).toBe('FORBIDDEN');
      }
      const cases: [string, string, string][] = [
        ['?from=2024-13', 'from', earningsMessages.badMonth],
        ['?to=24-01', 'to', earningsMessages.badMonth],
        ['?from=2024-1', 'from', earningsMessages.badMonth],
        ['?from=2024-05&to=2024-04', 'from', earningsMessages.monthOrder],
        ['?from=2010-01&to=2020-01', 'from', earningsMessages.tooManyMonths],
        // Only a first month in the future: the last is this month, before it.
        [`?from=${monthLabel(-1)}`, 'from', earningsMessages.monthOrder],
      ];
      for (const [query, field, message] of cases) {
        const res = await get(query, adminCookie, path);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().error.fields, query).toEqual({ [field]: message });
      }
      expect((await get('?from=2010-02&to=2020-01', adminCookie, path)).statusCode).toBe(200);
    },
  );

  it('answers the longest range, 120 months, each with zeros when nothing happened', async () => {
    const res = await get('?from=1990-02&to=2000-01', adminCookie);
    const report = revenueReport.parse(res.json());
    expect(report.months).toHaveLength(120);
    expect(report.months[0]).toEqual({ month: '1990-02', ...ZERO });
    expect(report.months.at(-1)!.month).toBe('2000-01');
    expect(report.totals).toEqual(ZERO);
  });
});

describe('the revenue report: the ledger summed per UTC month', () => {
  const subscription = (n: number) => ({ id: crypto.randomUUID(), memberId: crypto.randomUUID(), artistId, n });
  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    const first = subscription(1);
    // The last moment of January (charge, credit and fee count in January) and the first of February.
    await createPaidTerm(t.app, first, 1, at('2021-01-31T23:59:59.999Z'));
    await createPaidTerm(t.app, first, 2, at('2021-02-01T00:00:00.000Z'));
    const common = { memberId: first.memberId, artistId, subscriptionId: first.id, provider: 'local' };
    await createLedgerRows(t.app, [
      {
        ...common,
        kind: 'provider_fee',
        termNumber: 1,
        amountCents: -59,
        description: 'Fee',
        createdAt: at('2021-01-31T23:59:59.999Z'),
      },
      {
        ...common,
        kind: 'refund',
        termNumber: 2,
        amountCents: -999,
        providerRefId: 're_1',
        description: 'Refund',
        createdAt: at('2021-02-10T08:00:00Z'),
      },
      {
        ...common,
        kind: 'artist_debit',
        termNumber: 2,
        amountCents: -500,
        description: 'Refunded',
        createdAt: at('2021-02-10T08:00:00Z'),
      },
      {
        ...common,
        kind: 'dispute',
        termNumber: 1,
        amountCents: -999,
        providerRefId: 'dp_1',
        description: 'Dispute',
        createdAt: at('2021-03-03T00:00:00Z'),
      },
      {
        kind: 'artist_payout',
        artistId,
        amountCents: -500,
        provider: 'local',
        providerRefId: 'tr_1',
        description: 'Payout',
        createdAt: at('2021-03-22T09:00:00Z'),
      },
    ]);
    // Outside the range on either side.
    await createPaidTerm(t.app, subscription(2), 1, at('2020-12-31T23:59:59.999Z'));
    await createPaidTerm(t.app, subscription(3), 1, at('2021-05-01T00:00:00.000Z'));
  });

  it('each month from the first to the last, with empty months as zeros; totals of the range', async () => {
    const res = await get('?from=2021-01&to=2021-04', adminCookie);
    expect(res.statusCode).toBe(200);
    const report = revenueReport.parse(res.json());
    expect(report.from).toBe('2021-01');
    expect(report.to).toBe('2021-04');
    expect(report.months).toEqual([
      {
        month: '2021-01',
        ...ZERO,
        grossCents: 999,
        netCents: 999,
        artistShareCents: 500,
        providerFeesCents: 59,
        platformCents: 440,
        newSubscriptions: 1,
      },
      { month: '2021-02', ...ZERO, grossCents: 999, refundsCents: 999, renewals: 1 },
      { month: '2021-03', ...ZERO, disputesCents: 999, netCents: -999, platformCents: -999, payoutsCents: 500 },
      { month: '2021-04', ...ZERO },
    ]);
    expect(report.totals).toEqual({
      grossCents: 1998,
      refundsCents: 999,
      disputesCents: 999,
      netCents: 0,
      artistShareCents: 500,
      providerFeesCents: 59,
      platformCents: -559,
      newSubscriptions: 1,
      renewals: 1,
      payoutsCents: 500,
    });
  });

  it("the totals equal the ledger's own sums over the same moments", async () => {
    const report = revenueReport.parse((await get('?from=2021-01&to=2021-04', adminCookie)).json());
    const result = await t.app.ctx.db.execute(sql`
      select kind, sum(amount_cents)::text as total from ledger_entries
      where created_at >= '2021-01-01T00:00:00Z' and created_at < '2021-05-01T00:00:00Z' group by kind`);
    const sums = Object.fromEntries(
      (result as unknown as { rows: { kind: string; total: string }[] }).rows.map((row) => [
        row.kind,
        Number(row.total),
      ]),
    );
    expect(report.totals.grossCents).toBe(sums.charge);
    expect(report.totals.refundsCents).toBe(-sums.refund!);
    expect(report.totals.disputesCents).toBe(-sums.dispute!);
    expect(report.totals.artistShareCents).toBe(sums.artist_credit! + sums.artist_debit!);
    expect(report.totals.providerFeesCents).toBe(-sums.provider_fee!);
    expect(report.totals.payoutsCents).toBe(-sums.artist_payout!);
    expect(report.totals.platformCents).toBe(
      Object.values(sums).reduce((total, sum) => total + sum, 0) -
        sums.artist_payout! -
        2 * (sums.artist_credit! + sums.artist_debit!),
    );
  });

  it('as CSV: a header, a line per month in dollars, and the totals; named for the range', async () => {
    const res = await get('?from=2021-01&to=2021-04', adminCookie, '/api/admin/revenue.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="hfm-revenue-2021-01-to-2021-04.csv"');
    expect(parseCsv(res.body)[0]).toEqual([
      'Month',
      'Gross (USD)',
      'Refunds (USD)',
      'Disputes (USD)',
      'Net (USD)',
      "Artists' share (USD)",
      'Provider fees (USD)',
      'Platform (USD)',
      'Payouts (USD)',
      'New subscriptions',
      'Renewals',
    ]);
    const records = csvRecords(res.body);
    expect(records.map((record) => record.Month)).toEqual(['2021-01', '2021-02', '2021-03', '2021-04', 'Total']);
    expect(records[0]).toEqual({
      Month: '2021-01',
      'Gross (USD)': '9.99',
      'Refunds (USD)': '0.00',
      'Disputes (USD)': '0.00',
      'Net (USD)': '9.99',
      "Artists' share (USD)": '5.00',
      'Provider fees (USD)': '0.59',
      'Platform (USD)': '4.40',
      'Payouts (USD)': '0.00',
      'New subscriptions': '1',
      Renewals: '0',
    });
    expect(records.at(-1)).toMatchObject({ 'Gross (USD)': '19.98', 'Platform (USD)': '-5.59', Renewals: '1' });
  });

  it("by default the last 12 months to this one: a fan's subscription shows in this month", async () => {
    await subscribeTestFan(t, artistId);
    const report = revenueReport.parse((await get('', adminCookie)).json());
    expect(report.from).toBe(monthLabel(11));
    expect(report.to).toBe(monthLabel(0));
    expect(report.months.map((month) => month.month)).toEqual(Array.from({ length: 12 }, (_, i) => monthLabel(11 - i)));
    const thisMonth = report.months.at(-1)!;
    expect(thisMonth).toMatchObject({ grossCents: 999, netCents: 999, artistShareCents: 500, newSubscriptions: 1 });
    expect(thisMonth.platformCents).toBe(thisMonth.netCents - thisMonth.artistShareCents - thisMonth.providerFeesCents);
    expect(report.totals.grossCents).toBe(999);
  });
});
