import type { AppContext } from '../../context.js';
import { APPROVAL_MAIL_JOB, approvalMail, sendApprovalMail } from './approval-mail.js';

export function registerArtistJobs(ctx: AppContext): void {
  ctx.jobs.define({
    name: APPROVAL_MAIL_JOB,
    payload: approvalMail,
    // Like the confirmation mail: a mail server that is down for a while is retried for about 40 minutes.
    retryLimit: 8,
    retryDelaySeconds: 10,
    expireInSeconds: 5 * 60,
    handle: async (mail) => ((await sendApprovalMail(ctx, mail)) ? 'success' : 'skipped'),
  });
}
