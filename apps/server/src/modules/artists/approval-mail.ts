import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { artistApprovedMail } from './artists.mails.js';
import { findUser } from '../users/index.js';
import { findArtistRowById } from './artists.repository.js';

/** Tells an artist it is approved (or active again), from a worker, with retries. */
export const APPROVAL_MAIL_JOB = 'artists.approval-mail';

/** Ids only: the address and the names are read when the mail goes. */
export const approvalMail = z.object({ artistId: z.uuid(), again: z.boolean() });
export type ApprovalMail = z.infer<typeof approvalMail>;

/** Queues the mail in the caller's transaction: it goes once the approval is committed, never inside the request. */
export async function queueApprovalMail(ctx: Pick<AppContext, 'db' | 'jobs'>, mail: ApprovalMail): Promise<void> {
  await ctx.jobs.send(APPROVAL_MAIL_JOB, mail, { db: ctx.db });
}

/** Sends it; false (skipped) when the artist is no longer ACTIVE by then or its account is gone. */
export async function sendApprovalMail(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  { artistId, again }: ApprovalMail,
): Promise<boolean> {
  const artist = await findArtistRowById(ctx.db, artistId);
  if (!artist || artist.status !== 'ACTIVE') return false;
  const user = await findUser(ctx.db, artist.userId);
  if (!user || user.status === 'DELETED') return false;
  const publicUrl = ctx.config.publicUrl;
  await ctx.mailer.send(
    artistApprovedMail({
      to: user.email,
      firstName: user.firstName,
      artistName: artist.name,
      studioUrl: `${publicUrl}/artist/`,
      pageUrl: artist.slug ? `${publicUrl}/a/${artist.slug}` : `${publicUrl}/artist/`,
      again,
    }),
  );
  return true;
}
