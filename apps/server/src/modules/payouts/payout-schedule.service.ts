/**
 * When the payout sweep runs which period (docs/payouts.md, "When it runs"; decision 0023): every period whose
 * window has opened and that has no finished run yet, newest first (so a server down on the 22nd pays when it is
 * back, and months missed in a row are paid with one transfer by the newest: the older ones then owe nothing); in the window (22nd to 28th) the month's period again while a payout of it failed or is pending, and
 * once a day while one is held (an artist who finished onboarding is paid that week); and any period with a
 * transfer whose outcome is still unknown.
 */
import { addPeriods, isPayoutWindowOpen, periodCutoff, periodOf } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { firstPayableEarningAt } from '../billing/index.js';
import { runPayouts } from './payout-run.service.js';
import { lastFinishedRun, periodsWithFinishedRuns, periodsWithStatus, statusesOfPeriod } from './payouts.repository.js';

const DAY_MS = 24 * 3600 * 1000;

/** The periods the sweep runs at `now`, newest first. */
export async function periodsDue(ctx: Pick<AppContext, 'db'>, now: Date): Promise<string[]> {
  const due = new Set<string>();
  const first = await firstPayableEarningAt(ctx.db);
  const current = periodOf(now);
  if (first) {
    const finished = await periodsWithFinishedRuns(ctx.db);
    for (let period = periodOf(first); period <= current; period = addPeriods(period, 1)) {
      if (periodCutoff(period) <= now && !finished.has(period)) due.add(period);
    }
  }
  if (isPayoutWindowOpen(now) && !due.has(current)) {
    const statuses = await statusesOfPeriod(ctx.db, current);
    const last = await lastFinishedRun(ctx.db, current);
    const heldAndStale = statuses.has('held') && (!last || now.getTime() - last.startedAt.getTime() >= DAY_MS);
    if (statuses.has('failed') || statuses.has('pending') || heldAndStale) due.add(current);
  }
  for (const period of await periodsWithStatus(ctx.db, ['pending'])) {
    if (periodCutoff(period) <= now) due.add(period);
  }
  return [...due].sort().reverse();
}

/**
 * The sweep's work: each due period run in turn; one period's failure is logged and the others still run. The
 * signal (the sweep job's budget ran out, or its worker is stopping) stops the period's run between two artists.
 */
export async function sweepPayouts(
  ctx: Pick<AppContext, 'db' | 'platform' | 'jobs' | 'log' | 'config'>,
  now: Date,
  signal?: AbortSignal,
): Promise<string[]> {
  const ran: string[] = [];
  for (const period of await periodsDue(ctx, now)) {
    if (signal?.aborted) break;
    try {
      const { run } = await runPayouts(ctx, { period, dryRun: false, trigger: 'schedule', now, signal });
      ctx.log.info({ period, counts: run.counts }, 'payout run');
      ran.push(period);
    } catch (error) {
      ctx.log.error({ err: error, period }, 'payout run failed; the next sweep tries again');
    }
  }
  return ran;
}
