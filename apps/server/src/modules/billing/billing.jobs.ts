import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { registerArtistLeftJobs } from './artist-left.js';
import { forgetMemberAtProvider, MEMBER_AT_PROVIDER_JOB } from './billing.service.js';
import { RENEWAL_MAIL_JOB, renewalMail, sendRenewalMail } from './renewal-mails.js';
import { RECEIPT_MAIL_JOB, sendReceiptMail } from './receipts.service.js';
import { POSTGRES_SWEEP_CONCURRENCY, renewDueSubscriptions } from './renewals.service.js';
import { settleAbandonedSubscriptions } from './subscribe.service.js';

export const RENEWAL_SWEEP_JOB = 'billing.renewal-sweep';
const SWEEP_KEY = 'renewals';
export const INCOMPLETE_SWEEP_JOB = 'billing.incomplete-sweep';
const INCOMPLETE_SWEEP_KEY = 'incomplete-first-payments';

export function registerBillingJobs(ctx: AppContext): void {
  // One sweep waits and at most one runs, across every worker (stately, one key); each run queues the
  // next first, so a crash mid-sweep loses no turn, and a worker's start queues one if none waits.
  const queueNextSweep = (startAfterSeconds: number) =>
    ctx.jobs.send(RENEWAL_SWEEP_JOB, {}, { singletonKey: SWEEP_KEY, startAfterSeconds });
  ctx.jobs.define({
    name: RENEWAL_SWEEP_JOB,
    payload: z.object({}),
    policy: 'stately',
    // A failed sweep is not retried: the next one comes anyway.
    retryLimit: 0,
    handle: async () => {
      await queueNextSweep(ctx.config.renewalSweepSeconds);
      // On PostgreSQL a few renewals at once (the pool has connections to spare); PGlite has one connection.
      const counts = await renewDueSubscriptions(ctx, new Date(), {
        concurrency: ctx.config.databaseUrl ? POSTGRES_SWEEP_CONCURRENCY : 1,
      });
      ctx.log.info({ counts }, 'renewal sweep');
      return 'success';
    },
    onWorkerStart: () => queueNextSweep(ctx.config.renewalSweepSeconds),
  });
  // First payments left under way by a crash, settled by asking the provider: scheduled as the renewal sweep is.
  const queueNextIncompleteSweep = (startAfterSeconds: number) =>
    ctx.jobs.send(INCOMPLETE_SWEEP_JOB, {}, { singletonKey: INCOMPLETE_SWEEP_KEY, startAfterSeconds });
  ctx.jobs.define({
    name: INCOMPLETE_SWEEP_JOB,
    payload: z.object({}),
    policy: 'stately',
    retryLimit: 0,
    handle: async () => {
      await queueNextIncompleteSweep(ctx.config.incompleteSweepSeconds);
      const counts = await settleAbandonedSubscriptions(ctx, new Date());
      ctx.log.info({ counts }, 'incomplete first payments sweep');
      return 'success';
    },
    onWorkerStart: () => queueNextIncompleteSweep(ctx.config.incompleteSweepSeconds),
  });
  ctx.jobs.define({
    name: RENEWAL_MAIL_JOB,
    payload: renewalMail,
    retryLimit: 8,
    retryDelaySeconds: 10,
    expireInSeconds: 5 * 60,
    handle: async (mail) => ((await sendRenewalMail(ctx, mail)) ? 'success' : 'skipped'),
  });
  ctx.jobs.define({
    name: RECEIPT_MAIL_JOB,
    payload: z.object({ receiptId: z.uuid() }),
    retryLimit: 8,
    retryDelaySeconds: 10,
    expireInSeconds: 5 * 60,
    handle: async ({ receiptId }) => ((await sendReceiptMail(ctx, receiptId)) ? 'success' : 'skipped'),
  });
  ctx.jobs.define({
    name: MEMBER_AT_PROVIDER_JOB,
    payload: z.object({ memberId: z.uuid(), paymentMethodIds: z.array(z.string()) }),
    retryLimit: 8,
    retryDelaySeconds: 30,
    handle: async (payload) => {
      await forgetMemberAtProvider(ctx, payload);
      return 'success';
    },
  });
  registerArtistLeftJobs(ctx);
}
