import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { CONFIRMATION_MAIL_JOB } from './confirmation-mail.js';
import { mailFreshCode } from './confirmation.service.js';

export function registerAuthJobs(ctx: AppContext): void {
  ctx.jobs.define({
    name: CONFIRMATION_MAIL_JOB,
    payload: z.object({ userId: z.uuid() }),
    // A mail server that is down for a while: about 10 s, 20 s, 40 s... up to roughly 40 minutes in all.
    retryLimit: 8,
    retryDelaySeconds: 10,
    expireInSeconds: 5 * 60,
    handle: async ({ userId }) => ((await mailFreshCode(ctx, userId)) ? 'success' : 'skipped'),
  });
}
