import type { AppContext } from '../../context.js';
import {
  ARTIST_TERMINATED_MAIL_JOB,
  artistTerminatedMailPayload,
  mailArtistTerminated,
} from './termination.service.js';

export function registerTerminationJobs(ctx: AppContext): void {
  ctx.jobs.define({
    name: ARTIST_TERMINATED_MAIL_JOB,
    payload: artistTerminatedMailPayload,
    // Like the other mails: a mail server that is down for a while is retried for about 40 minutes.
    retryLimit: 8,
    retryDelaySeconds: 10,
    expireInSeconds: 5 * 60,
    handle: async (payload) => ((await mailArtistTerminated(ctx, payload)) ? 'success' : 'skipped'),
  });
}
