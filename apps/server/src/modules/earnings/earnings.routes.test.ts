import { artistEarnings, monthOf, payoutCutoffs, type ArtistEarnings } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songPlayMonths } from '../../platform/db/schema/engagement.js';
import { payoutAccounts } from '../../platform/db/schema/payouts.js';
import { createBillingTestApp, subscribeTestFan, type BillingTestApp } from '../../test/billing-helpers.js';
import {
  createAdmin,
  createArtist,
  createLedgerRows,
  createPaidTerm,
  createPayout,
  createSong,
  createSubscription,
  createUser,
  signIn,
  type TestArtist,
} from '../../test/factories.js';
import { monthLabel, monthsAgo } from '../../test/earnings-helpers.js';
import { csvRecords, parseCsv } from '../../test/csv.js';
import { injectAs } from '../../test/route-cast.js';
import { dayOf } from './payout-schedule.js';

let t: BillingTestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createBillingTestApp();
  adminCookie = await signIn(t.app, await createAdmin(t.app));
});
afterAll(async () => t.close());

const get = (artistId: string, cookie?: string) =>
  injectAs(t, cookie, { method: 'GET', url: `/api/artists/${artistId}/earnings` });

async function earningsOf(artist: TestArtist, cookie?: string): Promise<ArtistEarnings> {
  const res = await get(artist.artistId, cookie ?? (await signIn(t.app, artist)));
  expect(res.statusCode, res.body).toBe(200);
  return artistEarnings.parse(res.json());
}

const activeArtist = () => createArtist(t.app, { artist: { status: 'ACTIVE' } });
/** The 22nd of the month after this one, as the ledger makes a credit written now payable. */
const nextMonths22nd = () => {
  const now = new Date();
  return dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 22)));
};
const monthOfSeries = (earnings: ArtistEarnings, monthsBefore: number) =>
  earnings.series.find((month) => month.month === monthLabel(monthsBefore))!;

describe('GET /api/artists/{id}/earnings: who may ask', () => {
  it('is 401 signed out, 400 for an id that is not one, 403 for fans and other artists, 404 for an artist they may not see', async () => {
    const artist = await activeArtist();
    const pending = await createArtist(t.app);
    const artistCookie = await signIn(t.app, artist);
    const fanCookie = await signIn(t.app, await createUser(t.app));
    expect((await get(artist.artistId)).statusCode).toBe(401);
    const bad = await get('not-an-id', artistCookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('id');
    expect((await get(artist.artistId, fanCookie)).statusCode).toBe(403);
    expect((await get(pending.artistId, fanCookie)).statusCode).toBe(403);
    // Another artist: an approved artist is visible (403); a pending one, or none at all, is not (404).
    expect((await get(artist.artistId, await signIn(t.app, pending))).statusCode).toBe(403);
    const hidden = await get(pending.artistId, artistCookie);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('NOT_FOUND');
    expect((await get(crypto.randomUUID(), artistCookie)).statusCode).toBe(404);
    expect((await get(crypto.randomUUID(), adminCookie)).statusCode).toBe(404);
    // The artist themself, pending or not, and admins.
    expect((await get(pending.artistId, await signIn(t.app, pending))).statusCode).toBe(200);
    expect((await get(artist.artistId, artistCookie)).statusCode).toBe(200);
    expect((await get(artist.artistId.toUpperCase(), adminCookie)).statusCode).toBe(200);
  });
});

describe('GET /api/artists/{id}/earnings: what the artist sees', () => {
  it('before any fan: zeros, twelve empty months ending this month, nothing to pay, held for want of a payout account', async () => {
    const artist = await activeArtist();
    const earnings = await earningsOf(artist);
    expect(earnings).toMatchObject({
      artistID: artist.artistId,
      subscribersNow: 0,
      earnedThisMonthCents: 0,
      earnedAllTimeCents: 0,
      paidOutCents: 0,
      owedCents: 0,
      nextPayout: { date: null, amountCents: 0, held: 'no_account' },
      payouts: [],
    });
    expect(earnings.series.map((month) => month.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => monthLabel(11 - i)),
    );
    for (const month of earnings.series) {
      expect(month).toEqual({
        month: month.month,
        subscribers: 0,
        newSubscriptions: 0,
        renewals: 0,
        plays: 0,
        earningsCents: 0,
      });
    }
  });

  it('after a fan subscribes: 1 subscriber, 500 earned this month, the next payout 500 on the 22nd of next month', async () => {
    const artist = await activeArtist();
    await subscribeTestFan(t, artist.artistId);
    const earnings = await earningsOf(artist);
    expect(earnings).toMatchObject({
      subscribersNow: 1,
      earnedThisMonthCents: 500,
      earnedAllTimeCents: 500,
      paidOutCents: 0,
      owedCents: 500,
      nextPayout: { date: nextMonths22nd(), amountCents: 500, held: 'no_account' },
    });
    expect(earnings.series.at(-1)).toEqual({
      month: monthOf(new Date()),
      subscribers: 1,
      newSubscriptions: 1,
      renewals: 0,
      plays: 0,
      earningsCents: 500,
    });
    // An admin sees the same page.
    expect(await earningsOf(artist, adminCookie)).toEqual(earnings);
  });

  it('renewals, a refund taken back and a payout: earned, paid out, owed, the history and the months', async () => {
    const artist = await activeArtist();
    // A: subscribed 14 months ago (before the charts), renewed 2 months ago.
    const a = await createSubscription(t.app, { artistId: artist.artistId, createdAt: monthsAgo(14) });
    await createPaidTerm(t.app, a, 1, monthsAgo(14));
    await createPaidTerm(t.app, a, 2, monthsAgo(2));
    // B: subscribed 3 months ago, refunded last month (the credit taken back), ended then.
    const b = await createSubscription(t.app, {
      artistId: artist.artistId,
      createdAt: monthsAgo(3, 5),
      status: 'canceled',
      endedAt: monthsAgo(1, 3),
      currentPeriodEnd: monthsAgo(1, 3),
    });
    await createPaidTerm(t.app, b, 1, monthsAgo(3, 5));
    const refund = { memberId: b.memberId, artistId: artist.artistId, subscriptionId: b.id, termNumber: 1 };
    await createLedgerRows(t.app, [
      { ...refund, kind: 'refund', amountCents: -999, description: 'Refund', createdAt: monthsAgo(1, 3) },
      { ...refund, kind: 'artist_debit', amountCents: -500, description: 'Refunded', createdAt: monthsAgo(1, 3) },
    ]);
    // Last month's payout paid what was payable by its 22nd: A's two years and B's year less its refund.
    await createLedgerRows(t.app, [
      {
        kind: 'artist_payout',
        amountCents: -1000,
        artistId: artist.artistId,
        provider: 'local',
        providerRefId: 'tr_earnings_1',
        description: 'Payout',
        createdAt: monthsAgo(1, 22),
      },
    ]);
    await createPayout(t.app, {
      artistId: artist.artistId,
      period: monthLabel(1),
      status: 'paid',
      amountCents: 1000,
      transferId: 'tr_earnings_1',
      paidAt: monthsAgo(1, 22),
    });
    // C: subscribed this month.
    const c = await createSubscription(t.app, { artistId: artist.artistId, createdAt: monthsAgo(0, 1, [0, 0, 0, 0]) });
    await createPaidTerm(t.app, c, 1, monthsAgo(0, 1, [0, 0, 0, 0]));

    const earnings = await earningsOf(artist);
    expect(earnings).toMatchObject({
      subscribersNow: 2,
      earnedThisMonthCents: 500,
      earnedAllTimeCents: 1500,
      paidOutCents: 1000,
      owedCents: 500,
      nextPayout: { date: nextMonths22nd(), amountCents: 500 },
    });
    expect(earnings.payouts).toEqual([
      {
        period: monthLabel(1),
        status: 'paid',
        amountCents: 1000,
        paidAt: monthsAgo(1, 22).toISOString(),
        heldReason: null,
      },
    ]);
    expect(monthOfSeries(earnings, 3)).toMatchObject({
      subscribers: 2,
      newSubscriptions: 1,
      renewals: 0,
      earningsCents: 500,
    });
    expect(monthOfSeries(earnings, 2)).toMatchObject({
      subscribers: 2,
      newSubscriptions: 0,
      renewals: 1,
      earningsCents: 500,
    });
    expect(monthOfSeries(earnings, 1)).toMatchObject({
      subscribers: 1,
      newSubscriptions: 0,
      renewals: 0,
      earningsCents: -500,
    });
    expect(monthOfSeries(earnings, 0)).toMatchObject({
      subscribers: 2,
      newSubscriptions: 1,
      renewals: 0,
      earningsCents: 500,
    });
    // Before B: A alone, since before the charts began.
    for (let months = 11; months >= 4; months--) {
      expect(monthOfSeries(earnings, months)).toMatchObject({ subscribers: 1, earningsCents: 0 });
    }
  });

  it('counts a row at 23:59:59.999 on the last day of a month in that month, and one at midnight in the next', async () => {
    const artist = await activeArtist();
    const lastMoment = new Date(monthsAgo(0, 1, [0, 0, 0, 0]).getTime() - 1);
    const s1 = await createSubscription(t.app, { artistId: artist.artistId, createdAt: lastMoment });
    await createPaidTerm(t.app, s1, 1, lastMoment);
    const s2 = await createSubscription(t.app, { artistId: artist.artistId, createdAt: monthsAgo(0, 1, [0, 0, 0, 0]) });
    await createPaidTerm(t.app, s2, 1, monthsAgo(0, 1, [0, 0, 0, 0]));
    const earnings = await earningsOf(artist);
    expect(lastMoment.toISOString()).toMatch(/T23:59:59\.999Z$/);
    expect(monthOfSeries(earnings, 1)).toMatchObject({ subscribers: 1, newSubscriptions: 1, earningsCents: 500 });
    expect(monthOfSeries(earnings, 0)).toMatchObject({ subscribers: 2, newSubscriptions: 1, earningsCents: 500 });
    expect(earnings.earnedThisMonthCents).toBe(500);
  });

  it('the next payout is held until the artist has a finished payout account and a tax form, then pays all that accrued', async () => {
    const artist = await activeArtist();
    // Three credits payable in past months, held by the runs since.
    for (const months of [4, 3, 2]) {
      const s = await createSubscription(t.app, { artistId: artist.artistId, createdAt: monthsAgo(months) });
      await createPaidTerm(t.app, s, 1, monthsAgo(months));
      await createPayout(t.app, {
        artistId: artist.artistId,
        period: monthLabel(months - 1),
        status: 'held',
        amountCents: 500 * (5 - months),
        heldReason: 'no_account',
      });
    }
    const expectedDay = dayOf(payoutCutoffs(new Date(), false).first);
    const nextPayout = async () => (await earningsOf(artist)).nextPayout;
    expect(await nextPayout()).toEqual({ date: expectedDay, amountCents: 1500, held: 'no_account' });
    const account = { artistId: artist.artistId, provider: 'local', accountId: `acct_${artist.artistId}` };
    await t.app.ctx.db.insert(payoutAccounts).values(account);
    expect((await nextPayout()).held).toBe('onboarding_incomplete');
    const update = (values: Partial<typeof payoutAccounts.$inferInsert>) =>
      t.app.ctx.db.update(payoutAccounts).set(values).where(eq(payoutAccounts.artistId, artist.artistId));
    await update({ detailsSubmitted: true, payoutsEnabled: true });
    expect((await nextPayout()).held).toBe('no_tax_form');
    await update({ taxForm: 'W-9' });
    expect(await nextPayout()).toEqual({ date: expectedDay, amountCents: 1500, held: null });
    const history = (await earningsOf(artist)).payouts;
    expect(history.map((payout) => [payout.period, payout.status, payout.amountCents, payout.heldReason])).toEqual([
      [monthLabel(1), 'held', 1500, 'no_account'],
      [monthLabel(2), 'held', 1000, 'no_account'],
      [monthLabel(3), 'held', 500, 'no_account'],
    ]);
  });

  it("plays: the artist's counted listens this month, and earlier months' plays of every song of theirs", async () => {
    const artist = await activeArtist();
    const song = await createSong(t.app, artist.artistId, { status: 'ready' });
    const other = await createSong(t.app, artist.artistId, { status: 'ready' });
    const fan = await createUser(t.app);
    const listen = await injectAs(t, await signIn(t.app, fan), {
      method: 'POST',
      url: '/api/mzd-events',
      payload: {
        memberID: fan.id,
        itemID: song.id,
        itemType: 'song',
        eventPayload: { action: 'listen', clientTime: new Date().toISOString() },
      },
    });
    expect(listen.json().counted).toBe(true);
    await t.app.ctx.db.insert(songPlayMonths).values([
      { songId: song.id, artistId: artist.artistId, month: `${monthLabel(1)}-01`, plays: 7 },
      { songId: other.id, artistId: artist.artistId, month: `${monthLabel(1)}-01`, plays: 3 },
      { songId: other.id, artistId: artist.artistId, month: `${monthLabel(12)}-01`, plays: 50 },
    ]);
    const earnings = await earningsOf(artist);
    expect(earnings.series.map((month) => month.plays)).toEqual([...Array<number>(10).fill(0), 10, 1]);
  });
});

describe('GET /api/artists/{id}/earnings.csv: the statement', () => {
  const getCsv = (artistId: string, cookie?: string) =>
    injectAs(t, cookie, { method: 'GET', url: `/api/artists/${artistId}/earnings.csv` });

  it('is 401 signed out, 400 for a bad id, 403 for fans and other artists, 404 for an artist they may not see', async () => {
    const artist = await activeArtist();
    const pending = await createArtist(t.app);
    const artistCookie = await signIn(t.app, artist);
    expect((await getCsv(artist.artistId)).statusCode).toBe(401);
    expect((await getCsv('nope', artistCookie)).statusCode).toBe(400);
    expect((await getCsv(artist.artistId, await signIn(t.app, await createUser(t.app)))).statusCode).toBe(403);
    expect((await getCsv(artist.artistId, await signIn(t.app, pending))).statusCode).toBe(403);
    expect((await getCsv(pending.artistId, artistCookie)).statusCode).toBe(404);
    expect((await getCsv(artist.artistId, adminCookie)).statusCode).toBe(200);
  });

  it("is every ledger row of the artist's and every payout that moved no money, in time order, under a header row", async () => {
    const artist = await activeArtist();
    const s = await createSubscription(t.app, { artistId: artist.artistId, createdAt: monthsAgo(3, 5) });
    await createPaidTerm(t.app, s, 1, monthsAgo(3, 5));
    await createPayout(t.app, {
      artistId: artist.artistId,
      period: monthLabel(2),
      status: 'held',
      amountCents: 500,
      heldReason: 'no_tax_form',
      createdAt: monthsAgo(2, 22),
    });
    await createLedgerRows(t.app, [
      {
        kind: 'artist_payout',
        amountCents: -500,
        artistId: artist.artistId,
        provider: 'local',
        providerRefId: 'tr_statement',
        description: 'Payout, with "quotes", and commas',
        createdAt: monthsAgo(1, 22),
      },
      {
        kind: 'artist_debit',
        amountCents: -500,
        artistId: artist.artistId,
        memberId: s.memberId,
        subscriptionId: s.id,
        termNumber: 1,
        description: 'Refunded, year 1',
        createdAt: monthsAgo(0, 2),
      },
    ]);
    await createPayout(t.app, {
      artistId: artist.artistId,
      period: monthLabel(1),
      status: 'paid',
      amountCents: 500,
      transferId: 'tr_statement',
      paidAt: monthsAgo(1, 22),
      createdAt: monthsAgo(1, 22),
    });

    const res = await getCsv(artist.artistId, await signIn(t.app, artist));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="hfm-earnings-${artist.artist.slug}-${dayOf(new Date())}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(parseCsv(res.body)[0]).toEqual([
      'Date (UTC)',
      'Type',
      'Description',
      'Subscription year',
      'Amount (USD)',
      'Amount (cents)',
      'Payout period',
    ]);
    const line = (
      date: Date,
      type: string,
      description: string,
      year: string,
      usd: string,
      cents: string,
      period: string,
    ) => ({
      'Date (UTC)': date.toISOString(),
      Type: type,
      Description: description,
      'Subscription year': year,
      'Amount (USD)': usd,
      'Amount (cents)': cents,
      'Payout period': period,
    });
    // The member's charge of the same term is not the artist's row: it is not in the statement.
    expect(csvRecords(res.body)).toEqual([
      line(monthsAgo(3, 5), 'credit', 'Licence fee, year 1', '1', '5.00', '500', monthLabel(2)),
      line(monthsAgo(2, 22), 'payout held', 'Payout of $5.00 held: no tax form', '', '', '', monthLabel(2)),
      line(monthsAgo(1, 22), 'payout', 'Payout, with "quotes", and commas', '', '-5.00', '-500', monthLabel(1)),
      line(monthsAgo(0, 2), 'debit', 'Refunded, year 1', '1', '-5.00', '-500', monthLabel(0)),
    ]);
  });

  it('streams a statement longer than a page: 2,500 rows, in time order, summing to what was earned', async () => {
    const artist = await activeArtist();
    const base = monthsAgo(6).getTime();
    // Pairs of rows share a moment, so the pages' boundaries fall between equal times too.
    await createLedgerRows(
      t.app,
      Array.from({ length: 2500 }, (_, i) => ({
        kind: 'artist_credit',
        amountCents: 500,
        artistId: artist.artistId,
        subscriptionId: crypto.randomUUID(),
        termNumber: 1,
        description: `Licence fee ${i}`,
        createdAt: new Date(base + Math.floor(i / 2) * 60_000),
      })),
    );
    const res = await getCsv(artist.artistId, adminCookie);
    expect(res.statusCode).toBe(200);
    const records = csvRecords(res.body);
    expect(records).toHaveLength(2500);
    expect(new Set(records.map((record) => record.Description)).size).toBe(2500);
    const dates = records.map((record) => record['Date (UTC)']!);
    expect(dates).toEqual([...dates].sort());
    expect(records.reduce((sum, record) => sum + Number(record['Amount (cents)']), 0)).toBe(1_250_000);
  });
});
