import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendPayoutMail } from './payout-mails.js';
import { stopDeadRuns } from './payout-run-state.js';
import { PAYOUT_MAIL_JOB, PAYOUT_RUN_JOB } from './payout-run.service.js';
import { sweepPayouts } from './payout-schedule.service.js';
import { giveUpQueuedRun, workQueuedRun } from './payouts.service.js';

export const PAYOUT_SWEEP_JOB = 'payouts.sweep';
const SWEEP_KEY = 'payouts';

export function registerPayoutJobs(ctx: AppContext): void {
  // As billing's renewal sweep (decision 0017): stately with one key, so one waits and at most one runs across
  // every worker; each run queues the next first, and a worker's start queues one if none waits.
  const queueNextSweep = (startAfterSeconds: number) =>
    ctx.jobs.send(PAYOUT_SWEEP_JOB, {}, { singletonKey: SWEEP_KEY, startAfterSeconds });
  // Runs whose process died (a lease run out) or whose job ended unfinished: recorded stopped (decision 0043). A
  // failure here is logged and does not keep the sweep from paying.
  const recordDeadRuns = async () => {
    try {
      const stopped = await stopDeadRuns(ctx);
      if (stopped > 0) ctx.log.warn({ stopped }, 'payout runs whose process went away recorded stopped');
    } catch (error) {
      ctx.log.error({ err: error }, 'could not record dead payout runs; the next sweep tries again');
    }
  };
  ctx.jobs.define({
    name: PAYOUT_SWEEP_JOB,
    payload: z.object({}),
    policy: 'stately',
    retryLimit: 0,
    // A period of many artists takes a while (a few provider calls each); the run is safe to stop at any point.
    expireInSeconds: 2 * 3600,
    handle: async (_payload, job) => {
      await queueNextSweep(ctx.config.payoutSweepSeconds);
      await recordDeadRuns();
      const ran = await sweepPayouts(ctx, new Date(), job.signal);
      if (ran.length > 0) ctx.log.info({ periods: ran }, 'payout sweep');
      return 'success';
    },
    onWorkerStart: () => queueNextSweep(ctx.config.payoutSweepSeconds),
  });
  // An admin's run (decision 0039): one job per run, its id the run's. Retried when its worker dies (the lease) or
  // an error stops it; every step is idempotent per artist, so a retry pays nobody twice.
  ctx.jobs.define({
    name: PAYOUT_RUN_JOB,
    payload: z.object({ runId: z.uuid() }),
    retryLimit: 2,
    retryDelaySeconds: 30,
    // Thousands of artists, a few provider calls each; past this budget the attempt stops between two artists.
    expireInSeconds: 4 * 3600,
    concurrency: 1,
    handle: (payload, job) => workQueuedRun(ctx, payload.runId, job),
    onGiveUp: (payload, reason) => giveUpQueuedRun(ctx, payload.runId, reason),
  });
  ctx.jobs.define({
    name: PAYOUT_MAIL_JOB,
    payload: z.object({ payoutId: z.uuid() }),
    retryLimit: 8,
    retryDelaySeconds: 10,
    expireInSeconds: 5 * 60,
    handle: async (payload) => ((await sendPayoutMail(ctx, payload)) ? 'success' : 'skipped'),
  });
}
