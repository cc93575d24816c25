import { payoutMessages, type PayoutRun } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { payoutRuns } from '../../platform/db/schema/payouts.js';
import { createAdmin, signIn } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import {
  allTransfers,
  artistWithCookie,
  createPayoutTestApp,
  earn,
  onboardArtist,
  utc,
  type PayoutTestApp,
} from '../../test/payout-helpers.js';
import { RUN_STOPPED_MESSAGE, stopDeadRuns } from './payout-run-state.js';
import { PAYOUT_RUN_JOB, runPayouts } from './payout-run.service.js';
import { findRun, renewRunLease } from './payouts.repository.js';
import { workQueuedRun } from './payouts.service.js';

let t: PayoutTestApp;
let admin: string;

// This app's queue does not work the runs: a test sees one queued, then works it with a second app on the same
// database (a worker process), as production does (the API process works no jobs).
beforeAll(async () => {
  t = await createPayoutTestApp();
  admin = await signIn(t.app, await createAdmin(t.app));
});
afterAll(async () => t.close());

const listRuns = async (): Promise<PayoutRun[]> =>
  (await injectAs(t, admin, { method: 'GET', url: '/api/admin/payout-runs' })).json();
const runById = async (id: string) => (await listRuns()).find((run) => run.id === id);

const runNow = (cookie: string | undefined, payload: unknown) =>
  injectAs(t, cookie, {
    method: 'POST',
    url: '/api/admin/payouts/run',
    payload: payload as object,
  });
const listPeriod = (cookie: string | undefined, query: string) =>
  injectAs(t, cookie, { method: 'GET', url: `/api/admin/payouts${query}` });

describe('the admin payout routes', () => {
  it('refuse anonymous callers (401) and artists (403)', async () => {
    const { cookie } = await artistWithCookie(t);
    expect((await runNow(undefined, { period: '2019-01' })).statusCode).toBe(401);
    expect((await runNow(cookie, { period: '2019-01' })).statusCode).toBe(403);
    expect((await listPeriod(cookie, '?period=2019-01')).statusCode).toBe(403);
    expect((await injectAs(t, cookie, { method: 'GET', url: '/api/admin/payout-runs' })).statusCode).toBe(403);
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

  it('plans at once; queues a real run and answers it at once (202), one at a time; a worker pays it once', async () => {
    const ready = await artistWithCookie(t);
    await onboardArtist(t, ready.artist, ready.cookie);
    const waiting = await artistWithCookie(t);
    await earn(t, ready.artist.artistId, utc('2019-04-03'));
    await earn(t, ready.artist.artistId, utc('2019-04-04'));
    await earn(t, waiting.artist.artistId, utc('2019-04-05'));

    const plan = await runNow(admin, { period: '2019-05', dryRun: true });
    expect(plan.statusCode).toBe(200);
    expect(plan.json()).toMatchObject({
      run: {
        period: '2019-05',
        dryRun: true,
        trigger: 'admin',
        state: 'finished',
        counts: { paid: 1, held: 1, paidCents: 1000, artistsPlanned: 2, artistsTotal: 2 },
      },
      cutoff: '2019-05-22T00:00:00.000Z',
      artistsPlanned: 2,
      artistsTotal: 2,
    });
    expect(plan.json().lines).toHaveLength(2);
    expect((await listPeriod(admin, '?period=2019-05')).json().payouts).toEqual([]);

    const transfersBefore = (await allTransfers(t)).length;
    // Two admins at once: one run is queued, the other is answered that run.
    const [first, second] = await Promise.all([
      runNow(admin, { period: '2019-05' }),
      runNow(admin, { period: '2019-05' }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    const answers = [first.json(), second.json()];
    expect(answers.map((answer) => answer.alreadyRunning).sort()).toEqual([false, true]);
    expect(answers[0].run.id).toBe(answers[1].run.id);
    const queued = answers[0].run;
    expect(answers[0]).toMatchObject({
      cutoff: '2019-05-22T00:00:00.000Z',
      run: { period: '2019-05', dryRun: false, trigger: 'admin', state: 'queued', finishedAt: null, error: null },
    });
    expect(answers[0]).not.toHaveProperty('lines');
    // Nothing is paid in the request; the run waits for a worker (this app's queue works no runs).
    expect((await listPeriod(admin, '?period=2019-05')).json().payouts).toEqual([]);
    expect(await runById(queued.id)).toMatchObject({ state: 'queued' });
    const third = await runNow(admin, { period: '2019-05' });
    expect(third.json()).toMatchObject({ alreadyRunning: true, run: { id: queued.id } });

    // A worker process on the same database works it.
    const worker = await createPayoutTestApp({}, { sameDatabaseAs: t, work: [PAYOUT_RUN_JOB] });
    try {
      await worker.app.ctx.jobs.idle([PAYOUT_RUN_JOB]);
      expect(await runById(queued.id)).toMatchObject({
        state: 'finished',
        finishedAt: expect.any(String),
        error: null,
        counts: { paid: 1, held: 1, paidCents: 1000, heldCents: 500, failed: 0, pending: 0 },
      });
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
          expect.objectContaining({
            artistName: waiting.artist.artist.name,
            status: 'held',
            heldReason: 'no_account',
          }),
        ]),
      );

      // Once it finished, a new run may start; running it again pays nobody twice.
      const again = await runNow(admin, { period: '2019-05' });
      expect(again.statusCode).toBe(202);
      expect(again.json()).toMatchObject({ alreadyRunning: false });
      expect(again.json().run.id).not.toBe(queued.id);
      await worker.app.ctx.jobs.idle([PAYOUT_RUN_JOB]);
      expect(await runById(again.json().run.id)).toMatchObject({
        state: 'finished',
        counts: { paid: 0, alreadyPaid: 1, held: 1 },
      });
      expect(await allTransfers(t)).toHaveLength(transfersBefore + 1);
    } finally {
      await worker.close();
    }

    const runs = await listRuns();
    expect(runs.slice(0, 3).map((entry) => [entry.dryRun, entry.state])).toEqual([
      [false, 'finished'],
      [false, 'finished'],
      [true, 'finished'],
    ]);
  });

  it('shows stopped an admin run whose job is gone without writing it, starts a new run in its place; the sweep records it', async () => {
    // A run whose worker was killed on its last try (or one from before runs were jobs): unfinished, no job.
    const [orphan] = await t.app.ctx.db
      .insert(payoutRuns)
      .values({ period: '2019-08', dryRun: false, trigger: 'admin', startedAt: utc('2019-08-23') })
      .returning();
    expect(await runById(orphan!.id)).toMatchObject({ state: 'stopped', error: RUN_STOPPED_MESSAGE, finishedAt: null });
    // Read, not written: the list changed nothing.
    expect(await findRun(t.app.ctx.db, orphan!.id)).toMatchObject({ finishedAt: null, error: null });
    const res = await runNow(admin, { period: '2019-08' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ alreadyRunning: false, run: { state: 'queued' } });
    expect(res.json().run.id).not.toBe(orphan!.id);

    // The worker's sweep records what the list showed; the queued run (its job waits) is left alone.
    await stopDeadRuns(t.app.ctx);
    expect(await findRun(t.app.ctx.db, orphan!.id)).toMatchObject({
      finishedAt: expect.any(Date),
      error: RUN_STOPPED_MESSAGE,
    });
    expect(await runById(orphan!.id)).toMatchObject({ state: 'stopped', error: RUN_STOPPED_MESSAGE });
    expect(await runById(res.json().run.id)).toMatchObject({ state: 'queued', finishedAt: null });
  });

  it('shows stopped a scheduled or command-line run whose lease ran out (its process died), running while it holds one', async () => {
    const insert = async (trigger: 'schedule' | 'cli', leaseExpiresAt: SQL | null) =>
      (
        await t.app.ctx.db
          .insert(payoutRuns)
          .values({ period: '2019-10', dryRun: false, trigger, startedAt: utc('2019-10-22'), leaseExpiresAt })
          .returning()
      )[0]!;
    const dead = await insert('schedule', sql`now() - interval '1 second'`);
    const neverHeld = await insert('cli', null);
    const alive = await insert('cli', sql`now() + interval '1 hour'`);
    expect(await runById(dead.id)).toMatchObject({ state: 'stopped', error: RUN_STOPPED_MESSAGE, finishedAt: null });
    expect(await runById(neverHeld.id)).toMatchObject({ state: 'stopped', error: RUN_STOPPED_MESSAGE });
    expect(await runById(alive.id)).toMatchObject({ state: 'running', error: null });
    expect(await findRun(t.app.ctx.db, dead.id)).toMatchObject({ finishedAt: null, error: null });

    await stopDeadRuns(t.app.ctx);
    for (const row of [dead, neverHeld]) {
      expect(await findRun(t.app.ctx.db, row.id)).toMatchObject({
        finishedAt: expect.any(Date),
        error: RUN_STOPPED_MESSAGE,
      });
    }
    expect(await findRun(t.app.ctx.db, alive.id)).toMatchObject({ finishedAt: null, error: null });
    // The process of a run marked stopped learns it at its next heartbeat, and stops between two artists.
    expect(await renewRunLease(t.app.ctx.db, dead.id, 60)).toBe(false);
    expect(await renewRunLease(t.app.ctx.db, alive.id, 60)).toBe(true);
  });

  it('a run holds its lease while it goes: running in the list half-way, and a lease no more once finished', async () => {
    const ready = await artistWithCookie(t);
    await onboardArtist(t, ready.artist, ready.cookie);
    await earn(t, ready.artist.artistId, utc('2019-11-04'));
    const account = (
      await injectAs(t, ready.cookie, {
        method: 'GET',
        url: `/api/artists/retrieve-connect-account/${ready.artist.artistId}`,
      })
    ).json().account.accountID as string;
    let seenHalfWay: PayoutRun | undefined;
    t.failTransferTo(account, async () => {
      seenHalfWay = (await listRuns()).find((entry) => entry.period === '2019-12' && entry.trigger === 'cli');
    });
    const { run } = await runPayouts(t.app.ctx, {
      period: '2019-12',
      dryRun: false,
      trigger: 'cli',
      now: utc('2019-12-22'),
    });
    expect(seenHalfWay).toMatchObject({ id: run.id, state: 'running' });
    expect(await runById(run.id)).toMatchObject({ state: 'finished', counts: { paid: 1 } });
  });

  it('a try stopped half-way leaves the run to its retry; the last try marks it stopped; a finished run is skipped', async () => {
    const { artist } = await artistWithCookie(t);
    await earn(t, artist.artistId, utc('2019-08-05'));
    const [row] = await t.app.ctx.db
      .insert(payoutRuns)
      .values({ period: '2019-09', dryRun: false, trigger: 'admin', startedAt: utc('2019-09-23') })
      .returning();
    // The job's budget ran out (or its worker is stopping): the run stops between two artists.
    const signal = AbortSignal.abort(new Error('the job ran out of time'));
    await expect(workQueuedRun(t.app.ctx, row!.id, { signal, isLastAttempt: false })).rejects.toThrow(
      'the job ran out of time',
    );
    expect(await findRun(t.app.ctx.db, row!.id)).toMatchObject({ finishedAt: null, error: null });
    await expect(workQueuedRun(t.app.ctx, row!.id, { signal, isLastAttempt: true })).rejects.toThrow(
      'the job ran out of time',
    );
    expect(await findRun(t.app.ctx.db, row!.id)).toMatchObject({
      finishedAt: expect.any(Date),
      error: 'the job ran out of time',
    });
    expect(await runById(row!.id)).toMatchObject({ state: 'stopped', error: 'the job ran out of time' });
    expect(await workQueuedRun(t.app.ctx, row!.id, { signal: new AbortController().signal, isLastAttempt: true })).toBe(
      'skipped',
    );
  });
});
