import { payoutMessages } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, signIn } from '../../test/factories.js';
import {
  artistWithCookie,
  createPayoutTestApp,
  earn,
  onboardArtist,
  utc,
  type PayoutTestApp,
} from '../../test/payout-helpers.js';

let t: PayoutTestApp;
let admin: string;

beforeAll(async () => {
  t = await createPayoutTestApp();
  admin = await signIn(t.app, await createAdmin(t.app));
});
afterAll(async () => t.close());

const runNow = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/payouts/run',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
const listPeriod = (cookie: string | undefined, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/payouts${query}`, headers: cookie ? { cookie } : {} });

describe('the admin payout routes', () => {
  it('refuse anonymous callers (401) and artists (403)', async () => {
    const { cookie } = await artistWithCookie(t);
    expect((await runNow(undefined, { period: '2019-01' })).statusCode).toBe(401);
    expect((await runNow(cookie, { period: '2019-01' })).statusCode).toBe(403);
    expect((await listPeriod(cookie, '?period=2019-01')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/payout-runs', headers: { cookie } })).statusCode).toBe(
      403,
    );
  });

  it.each([
    ['no period', {}],
    ['a month 13', { period: '2019-13' }],
    ['a date', { period: '2019-01-22' }],
    ['dryRun not a flag', { period: '2019-01', dryRun: 'yes' }],
  ])('answers 400 for %s', async (_case, payload) => {
    const res = await runNow(admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
  });

  it('answers 400 for a malformed period in the list, and 409 for a run before the window opens', async () => {
    expect((await listPeriod(admin, '')).statusCode).toBe(400);
    expect((await listPeriod(admin, '?period=May')).json().error.fields).toEqual({ period: payoutMessages.period });
    const future = new Date(Date.now() + 62 * 24 * 3600_000);
    const period = `${future.getUTCFullYear()}-${String(future.getUTCMonth() + 1).padStart(2, '0')}`;
    const res = await runNow(admin, { period });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(payoutMessages.runBeforeWindow);
  });

  it('plans, runs, lists the period with names, reasons and totals, and lists the runs newest first', async () => {
    const ready = await artistWithCookie(t);
    await onboardArtist(t, ready.artist, ready.cookie);
    const waiting = await artistWithCookie(t);
    await earn(t, ready.artist.artistId, utc('2019-04-03'));
    await earn(t, ready.artist.artistId, utc('2019-04-04'));
    await earn(t, waiting.artist.artistId, utc('2019-04-05'));

    const plan = await runNow(admin, { period: '2019-05', dryRun: true });
    expect(plan.statusCode).toBe(200);
    expect(plan.json()).toMatchObject({
      run: { period: '2019-05', dryRun: true, trigger: 'admin', counts: { paid: 1, held: 1, paidCents: 1000 } },
      cutoff: '2019-05-22T00:00:00.000Z',
    });
    expect((await listPeriod(admin, '?period=2019-05')).json().payouts).toEqual([]);

    const ran = await runNow(admin, { period: '2019-05' });
    expect(ran.json().lines).toEqual(
      expect.arrayContaining([
        {
          artistID: ready.artist.artistId,
          artistName: ready.artist.artist.name,
          amountCents: 1000,
          outcome: 'paid',
          heldReason: null,
          message: null,
        },
        {
          artistID: waiting.artist.artistId,
          artistName: waiting.artist.artist.name,
          amountCents: 500,
          outcome: 'held',
          heldReason: 'no_account',
          message: null,
        },
      ]),
    );
    // Running it again pays nobody twice.
    const again = await runNow(admin, { period: '2019-05' });
    expect(again.json().run.counts).toMatchObject({ paid: 0, alreadyPaid: 1, held: 1 });

    const listed = (await listPeriod(admin, '?period=2019-05')).json();
    expect(listed).toMatchObject({
      period: '2019-05',
      cutoff: '2019-05-22T00:00:00.000Z',
      totals: { paidCents: 1000, heldCents: 500, failedCents: 0, pendingCents: 0 },
    });
    expect(listed.payouts).toHaveLength(2);
    expect(listed.payouts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          artistName: ready.artist.artist.name,
          status: 'paid',
          transferID: expect.any(String),
        }),
        expect.objectContaining({ artistName: waiting.artist.artist.name, status: 'held', heldReason: 'no_account' }),
      ]),
    );

    const runs = (
      await t.app.inject({ method: 'GET', url: '/api/admin/payout-runs', headers: { cookie: admin } })
    ).json();
    expect(runs.slice(0, 3).map((run: { dryRun: boolean }) => run.dryRun)).toEqual([false, false, true]);
    expect(runs[0]).toMatchObject({ period: '2019-05', trigger: 'admin', finishedAt: expect.any(String), error: null });
  });
});
