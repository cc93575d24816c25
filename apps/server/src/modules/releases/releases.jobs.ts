import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { countDueMails } from './releases.repository.js';
import { sendReleaseMailBatch, sweepReleases } from './releases.service.js';

export const RELEASE_SWEEP_JOB = 'releases.sweep';
export const RELEASE_MAILS_JOB = 'releases.send-mails';
const SWEEP_KEY = 'releases';
/** Senders started when mails are due: two workers share the rows (SKIP LOCKED), each batch is one job. */
const SENDERS = 2;

/**
 * The release sweep, scheduled as billing's renewal sweep is (one waits, at most one runs; each run queues the
 * next first), and the sender: one job per batch of RELEASE_MAIL_BATCH mails, which queues the next batch while
 * mails are due, so a worker is never held longer than one batch.
 */
export function registerReleaseJobs(ctx: AppContext): void {
  const queueNextSweep = (startAfterSeconds: number) =>
    ctx.jobs.send(RELEASE_SWEEP_JOB, {}, { singletonKey: SWEEP_KEY, startAfterSeconds });
  const queueSenders = async (count: number) => {
    for (let i = 0; i < count; i++) await ctx.jobs.send(RELEASE_MAILS_JOB, {});
  };
  ctx.jobs.define({
    name: RELEASE_SWEEP_JOB,
    payload: z.object({}),
    policy: 'stately',
    retryLimit: 0,
    handle: async () => {
      await queueNextSweep(ctx.config.releases.sweepSeconds);
      const now = new Date();
      const counts = await sweepReleases(ctx, now);
      if (counts.filed || counts.closed || counts.mailsAdded) ctx.log.info({ counts }, 'release sweep');
      // Mails due now (new ones, or retries whose time came): the senders take them.
      const due = await sendersWanted(ctx, now);
      if (due) await queueSenders(SENDERS);
      return 'success';
    },
    onWorkerStart: () => queueNextSweep(ctx.config.releases.sweepSeconds),
  });
  ctx.jobs.define({
    name: RELEASE_MAILS_JOB,
    payload: z.object({}),
    // A send that fails is recorded on its row and retried by a later batch: the job itself never retries.
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    handle: async () => {
      const counts = await sendReleaseMailBatch(ctx, new Date());
      if (counts.claimed > 0) ctx.log.info({ counts }, 'release mails');
      if (counts.claimed > 0 && counts.left > 0) await queueSenders(1);
      return counts.claimed > 0 ? 'success' : 'skipped';
    },
  });
}

async function sendersWanted(ctx: AppContext, now: Date): Promise<boolean> {
  return (await countDueMails(ctx.db, now)) > 0;
}
