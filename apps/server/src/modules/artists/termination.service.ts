/**
 * Terminating an artist's licence (docs/decisions/0021-artist-termination.md; spec 000 sections 4 and 6): the
 * artist asks for it in the studio, or an admin ends it. In one transaction the artist becomes CANCELLED (who
 * and why kept), every subscription to them stops renewing (billing), and the mails and the provider's cancels
 * are queued. Subscribers keep access to the end of their term (modules/access), and the artist's credits stay
 * in the ledger, so what they earned is still paid.
 */
import { LEGAL, messages, terminationMessages, type TerminateArtistBody, type TerminationAnswer } from '@hfm/shared';
import { z } from 'zod';
import type { AppContext, SessionUser } from '../../context.js';
import { badRequest, conflict, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/db/client.js';
import { transactionWithRetry } from '../../platform/db/retry.js';
import { artistTerminatedMail } from './artists.mails.js';
import { requireAccess, type Actor } from '../access/index.js';
import { verifyPassword } from '../../platform/security/passwords.js';
import { findUser } from '../users/index.js';
import { findArtistRowById, lockArtistRow, updateArtistRow, type ArtistPatch } from './artists.repository.js';
import { presentArtists } from './artists.service.js';
import { removeFromFeatured } from './featured.service.js';

export const ARTIST_TERMINATED_MAIL_JOB = 'artists.terminated-mail';
export const artistTerminatedMailPayload = z.object({ artistId: z.uuid(), subscribers: z.number().int() });

const NO_SUCH_ARTIST = 'No such artist.';

/** The reason an admin's PATCH with status CANCELLED records (that route takes no reason). */
export const ADMIN_STATUS_REASON = 'Status set to CANCELLED by an admin.';

/**
 * Billing's part of a termination, run in its transaction: every subscription to the artist stops renewing;
 * how many were active. Given by the app (billing sits above artists: decision 0034).
 */
export type EndSubscriptionsOfArtist = (
  ctx: Pick<AppContext, 'jobs'>,
  tx: Database,
  artistId: string,
) => Promise<number>;

/** What the termination routes (and the admin's PATCH to CANCELLED) are given by the app. */
export interface TerminationOptions {
  endSubscriptionsOfArtist: EndSubscriptionsOfArtist;
}

export interface TerminationRequest {
  reason?: string;
  currentPassword?: string;
  /** Other fields of an admin's PATCH, written in the same transaction. */
  alsoApply?: ArtistPatch;
}

/**
 * The artist's own user confirms with their current password (a stolen session alone must not end a
 * licence); an admin gives a reason instead. Checked before anything is written.
 */
async function checkRequest(ctx: AppContext, actor: SessionUser, body: TerminateArtistBody) {
  const reason = body.reason?.trim() || null;
  if (actor.role === 'ADMIN') {
    if (!reason) throw badRequest(terminationMessages.reasonRequired, { reason: terminationMessages.reasonRequired });
    return reason;
  }
  const user = await findUser(ctx.db, actor.id);
  if (!body.currentPassword || !(await verifyPassword(user?.passwordHash ?? null, body.currentPassword))) {
    throw badRequest(messages.currentPasswordWrong, { currentPassword: messages.currentPasswordWrong });
  }
  return reason;
}

/**
 * POST /api/artists/{id}/terminate, and an admin's PATCH of status CANCELLED. The artist itself or an admin
 * (others: 403 or 404 by the access rule); an artist that has left already is a 409.
 */
export async function terminateArtist(
  ctx: AppContext,
  actor: Actor,
  artistId: string,
  request: TerminationRequest,
  { endSubscriptionsOfArtist }: TerminationOptions,
): Promise<TerminationAnswer> {
  const caller = await requireAccess(ctx, actor, 'artist.manage', [artistId]);
  const current = await findArtistRowById(ctx.db, artistId);
  if (!current) throw notFound(NO_SUCH_ARTIST);
  if (current.status === 'CANCELLED') throw conflict(terminationMessages.alreadyTerminated);
  const reason = await checkRequest(ctx, caller, request);

  const { row, subscribers } = await transactionWithRetry(ctx.db, async (tx) => {
    // The artist leaves the featured order first: featuring's lock comes before the row's in every path.
    await removeFromFeatured({ db: tx }, artistId);
    // Locked first: a second termination waits here and then finds it done; a subscribe's first payment
    // written meanwhile is either seen below or sees the artist gone (billing, decision 0021).
    const locked = await lockArtistRow(tx, artistId);
    if (!locked) throw notFound(NO_SUCH_ARTIST);
    if (locked.status === 'CANCELLED') throw conflict(terminationMessages.alreadyTerminated);
    const updated = await updateArtistRow(tx, artistId, {
      ...request.alsoApply,
      status: 'CANCELLED',
      terminatedAt: new Date(),
      terminatedBy: caller.id,
      terminationReason: reason,
    });
    const ending = await endSubscriptionsOfArtist(ctx, tx, artistId);
    await ctx.jobs.send(ARTIST_TERMINATED_MAIL_JOB, { artistId, subscribers: ending }, { db: tx });
    return { row: updated!, subscribers: ending };
  });
  ctx.log.info({ artistId, terminatedBy: caller.id, subscribers }, 'artist licence terminated');
  const [artist] = await presentArtists(ctx.db, [row]);
  return { artist: artist!, terminatedAt: row.terminatedAt!.toISOString(), subscribers };
}

/** The artist's mail, from its job: what has happened and what comes next. False when nobody is left to tell. */
export async function mailArtistTerminated(
  ctx: Pick<AppContext, 'db' | 'mailer'>,
  { artistId, subscribers }: z.infer<typeof artistTerminatedMailPayload>,
): Promise<boolean> {
  const artist = await findArtistRowById(ctx.db, artistId);
  const user = artist ? await findUser(ctx.db, artist.userId) : null;
  if (!artist?.terminatedAt || !user || user.status === 'DELETED') return false;
  await ctx.mailer.send(
    artistTerminatedMail({
      to: user.email,
      firstName: user.firstName,
      artistName: artist.name,
      terminatedAt: artist.terminatedAt,
      adminReason: artist.terminatedBy === artist.userId ? null : (artist.terminationReason ?? ''),
      subscribers,
      payoutWindow: LEGAL.payoutWindow,
      contactEmail: LEGAL.contactEmail,
    }),
  );
  return true;
}
