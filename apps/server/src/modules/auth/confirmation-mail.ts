import type { AppContext } from '../../context.js';

/** Mails a fresh confirmation code to an unconfirmed account, from a worker, with retries. */
export const CONFIRMATION_MAIL_JOB = 'auth.confirmation-mail';

/**
 * Queues the confirmation mail (the request never waits on SMTP; a failed send is retried). The job
 * carries the user's id, not the code: the code is made when the mail goes out, so no live code sits
 * in the queue's tables. A queue that cannot take it is logged: the account stands and the user can
 * ask for another code.
 */
export async function mailCodeQuietly(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'log'>,
  user: { id: string },
): Promise<void> {
  try {
    await ctx.jobs.send(CONFIRMATION_MAIL_JOB, { userId: user.id }, { db: ctx.db });
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, 'could not queue the confirmation code mail');
  }
}
