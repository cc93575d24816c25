import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendPayoutMail } from './payout-mails.js';
import { PAYOUT_MAIL_JOB } from './payout-run.service.js';
import { sweepPayouts } from './payout-schedule.service.js';

export const PAYOUT_SWEEP_JOB = 'payouts.sweep';
const SWEEP_KEY = 'payouts';

export function registerPayoutJobs(ctx: AppContext): void {
  // As billing's renewal sweep (decision 0017): stately with one key, so one waits and at most one runs across
  // every worker; each run queues the next first, and a worker's start queues one if none waits.
  const queueNextSweep = (startAfterSeconds: number) =>
    ctx.jobs.send(PAYOUT_SWEEP_JOB, {}, { singletonKey: SWEEP_KEY, startAfterSeconds });
  ctx.jobs.define({
    name: PAYOUT_SWEEP_JOB,
    payload: z.object({}),
    policy: 'stately',
    retryLimit: 0,
    // A period of many artists takes a while (a few provider calls each); the run is safe to stop at any point.
    expireInSeconds: 2 * 3600,
    handle: async () => {
      await queueNextSweep(ctx.config.payoutSweepSeconds);
      const ran = await sweepPayouts(ctx, new Date());
      if (ran.length > 0) ctx.log.info({ periods: ran }, 'payout sweep');
      return 'success';
    },
    onWorkerStart: () => queueNextSweep(ctx.config.payoutSweepSeconds),
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
