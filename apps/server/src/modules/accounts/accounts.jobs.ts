import { z } from 'zod';
import type { AppContext } from '../../context.js';
import {
  ACCOUNT_DELETED_MAIL_JOB,
  mailAccountDeleted,
  purgeExpiredDeletedAccounts,
} from './account-deletion.service.js';

export function registerAccountJobs(ctx: AppContext): void {
  ctx.jobs.define({
    name: ACCOUNT_DELETED_MAIL_JOB,
    payload: z.object({ userId: z.uuid() }),
    // Like the confirmation mail: a mail server that is down for a while is retried for about 40 minutes.
    retryLimit: 8,
    retryDelaySeconds: 10,
    expireInSeconds: 5 * 60,
    handle: async ({ userId }) => ((await mailAccountDeleted(ctx, userId)) ? 'success' : 'skipped'),
    // Complaint records past their 6 years go whenever a worker starts (docs/decisions/0014).
    // A failed purge never stops the worker: the next start tries again.
    onWorkerStart: async () => {
      try {
        const purged = await purgeExpiredDeletedAccounts(ctx.db);
        if (purged > 0) ctx.log.info({ purged }, 'purged complaint records past their retention');
      } catch (error) {
        ctx.log.error({ err: error }, 'could not purge complaint records past their retention');
      }
    },
  });
}
