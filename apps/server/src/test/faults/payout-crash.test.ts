import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_STOPPED_MESSAGE, runStatus, stopDeadRuns } from '../../modules/payouts/payout-run-state.js';
import { payoutKey } from '../../modules/payouts/payout-run.service.js';
import { findRun } from '../../modules/payouts/payouts.repository.js';
import { artistWithCookie, earn, onboardArtist, utc, type PayoutTestApp } from '../payout-helpers.js';
import { repoRoot, waitFor } from '../server-process.js';
import { advisoryLock, openKillAtLock, tableLock, type KillAtLock } from './kill-at-lock.js';

const PERIOD = '2026-02';
const ARTISTS = 5;

/**
 * Fault: the process running `npm run cli -- payouts --period ...` is killed (SIGKILL) half-way, twice: once
 * after a transfer went out but before the run wrote it down, once between two artists. Each time the test
 * holds a database lock that stops the run at that very point, so the kill lands there on any machine.
 * Re-runs pay every artist exactly once: one transfer at the provider, one ledger row, one paid payout.
 * (The in-process versions of these crashes are in modules/payouts/payout-run.test.ts.)
 */
describe('fault: a payout run killed half-way', () => {
  let setup: KillAtLock;

  beforeAll(async () => {
    setup = await openKillAtLock('payouts');
  }, 120_000);
  afterAll(async () => setup?.close());

  /** `node apps/server/dist/cli.js payouts --period PERIOD`, what `npm run cli -- payouts` runs once built. */
  function startRun(): { child: ChildProcess; exited: Promise<number | null>; output: () => string } {
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'apps/server/dist/cli.js'), 'payouts', '--period', PERIOD],
      {
        cwd: repoRoot,
        // A heartbeat a second: a killed run's lease (4 beats) runs out in seconds.
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', JOB_HEARTBEAT_SECONDS: '1', ...setup.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, exited, output: () => output };
  }

  const rows = (text: string, values: unknown[] = []) => setup.rows(text, values);

  it('kills at two points, re-runs: every artist is paid exactly once', async () => {
    const helper = setup.helper;
    const t = { app: helper, payments: helper.ctx.platform.payments } as unknown as PayoutTestApp;
    const artistIds: string[] = [];
    for (let index = 0; index < ARTISTS; index++) {
      const { artist, cookie } = await artistWithCookie(t);
      await onboardArtist(t, artist, cookie);
      await earn(t, artist.artistId, utc('2026-01-10'));
      artistIds.push(artist.artistId);
    }
    artistIds.sort();

    // 1. The first artist's transfer is sent; writing it into the ledger waits on the test's lock. Killed there.
    await setup.killAt(
      tableLock('ledger_entries'),
      startRun,
      async () => (await rows('select id from local_transfers')).length === 1,
    );
    expect(await rows(`select status, attempt from payouts where artist_id = $1`, [artistIds[0]])).toEqual([
      { status: 'pending', attempt: 1 },
    ]);
    expect(await rows(`select id from ledger_entries where kind = 'artist_payout'`)).toEqual([]);

    // 2. A re-run stops before the fourth artist (the test holds that artist's payout lock). Killed there.
    await setup.killAt(
      advisoryLock(`hfm.payout:${artistIds[3]}`),
      startRun,
      async () => (await rows(`select id from payouts where status = 'paid'`)).length === 3,
    );

    // The two killed runs are unfinished; once their leases run out (nobody renews them) they are stopped, and the
    // worker's sweep records them so.
    const killed = await rows('select id from payout_runs where finished_at is null');
    expect(killed).toHaveLength(2);
    await waitFor(
      async () => (await rows('select id from payout_runs where lease_expires_at < now()')).length,
      (expired) => expired === 2,
    );
    for (const { id } of killed) {
      expect(await runStatus(helper.ctx, (await findRun(helper.ctx.db, id))!)).toEqual({
        state: 'stopped',
        error: RUN_STOPPED_MESSAGE,
      });
    }
    expect(await stopDeadRuns(helper.ctx)).toBe(2);

    // 3. Run to the end.
    const third = startRun();
    expect(await third.exited, third.output()).toBe(0);
    expect(third.output()).toContain('paid before 3.');

    for (const artistId of artistIds) {
      const transfers = await rows(
        `select t.id, t.amount_cents, t.idempotency_key from local_transfers t
         join payouts p on p.account_id = t.account_id where p.artist_id = $1`,
        [artistId],
      );
      expect(transfers, artistId).toMatchObject([
        { amount_cents: 500, idempotency_key: payoutKey(artistId, PERIOD, 1) },
      ]);
      const ledger = await rows(
        `select amount_cents, provider_ref_id from ledger_entries where artist_id = $1 and kind = 'artist_payout'`,
        [artistId],
      );
      expect(ledger, artistId).toEqual([{ amount_cents: -500, provider_ref_id: transfers[0]!.id }]);
      expect(await rows(`select status, transfer_id from payouts where artist_id = $1`, [artistId])).toEqual([
        { status: 'paid', transfer_id: transfers[0]!.id },
      ]);
    }
    expect(await rows('select id from local_transfers')).toHaveLength(ARTISTS);

    // And once more: nothing more is paid.
    const again = startRun();
    expect(await again.exited).toBe(0);
    expect(again.output()).toContain(`paid before ${ARTISTS}.`);
    expect(await rows('select id from local_transfers')).toHaveLength(ARTISTS);
  }, 240_000);
});
