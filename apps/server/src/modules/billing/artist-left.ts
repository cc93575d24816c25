/**
 * Billing's part of an artist's termination (docs/decisions/0021-artist-termination.md): in the termination's
 * transaction every subscription to the artist stops renewing, and two jobs per subscription are queued in it:
 * one cancels it at the provider, one tells the subscriber. Subscription rows and the ledger stay as they are:
 * the artist's credits are still paid out.
 */
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database } from '../../platform/db/client.js';
import { artistLeftMail } from './billing.mails.js';
import { PaymentRequestError } from '../../platform/payments/provider.js';
import { findArtistById } from '../artists/index.js';
import { findUser } from '../users/index.js';
import { findSubscription, stopRenewalsOfArtist, type SubscriptionRow } from './subscriptions.repository.js';

/** Cancels one subscription of an artist who left at the provider: at its term's end, or now when it has ended. */
export const ARTIST_LEFT_AT_PROVIDER_JOB = 'billing.artist-left-at-provider';
/** Tells one subscriber that the artist has left. */
export const ARTIST_LEFT_MAIL_JOB = 'billing.artist-left-mail';

const jobPayload = z.object({ subscriptionId: z.uuid() });
type JobPayload = z.infer<typeof jobPayload>;

/**
 * Inside the termination's transaction (`tx`): stops the artist's subscriptions renewing and queues, for each
 * active or past-due one, the provider's cancel and the subscriber's mail. A first payment under way at that
 * moment (a subscribe racing the termination) is only marked to end: the renewal sweep ends it, at the
 * provider too, when its term is over. Answers how many subscribers are in their term (they keep access).
 */
export async function endSubscriptionsOfTerminatedArtist(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Database,
  artistId: string,
): Promise<number> {
  const rows = (await stopRenewalsOfArtist(tx, artistId)).filter((row) => row.status !== 'incomplete');
  for (const { id } of rows) {
    await ctx.jobs.send(ARTIST_LEFT_AT_PROVIDER_JOB, { subscriptionId: id }, { db: tx });
    await ctx.jobs.send(ARTIST_LEFT_MAIL_JOB, { subscriptionId: id }, { db: tx });
  }
  return rows.filter((row) => row.status === 'active').length;
}

/** The subscription as the job finds it; null when there is nothing to do. */
async function settledSubscription(db: Database, subscriptionId: string): Promise<SubscriptionRow | null> {
  const row = await findSubscription(db, subscriptionId);
  return row && row.status !== 'incomplete' && row.status !== 'declined' ? row : null;
}

/**
 * The provider's side: a subscription still in its term renews no more there (cancel at the period end);
 * one that has ended is cancelled now. Idempotent at both providers, so the queue's retries are harmless.
 */
export async function endAtProvider(
  ctx: Pick<AppContext, 'db' | 'platform'>,
  { subscriptionId }: JobPayload,
): Promise<boolean> {
  const row = await settledSubscription(ctx.db, subscriptionId);
  const payments = ctx.platform.payments;
  if (!row?.providerSubscriptionId || row.provider !== payments.name) return false;
  try {
    await payments.cancelSubscription({
      subscriptionId: row.providerSubscriptionId,
      atPeriodEnd: row.status === 'active',
    });
  } catch (error) {
    const gone =
      error instanceof PaymentRequestError && ['resource_missing', 'subscription_canceled'].includes(error.code);
    if (!gone) throw error;
  }
  return true;
}

/** The subscriber's mail; false (skipped) when there is no subscription or no live member to tell. */
export async function mailArtistLeft(
  ctx: Pick<AppContext, 'db' | 'mailer'>,
  { subscriptionId }: JobPayload,
): Promise<boolean> {
  const row = await settledSubscription(ctx.db, subscriptionId);
  const member = row ? await findUser(ctx.db, row.memberId) : null;
  if (!row || !member || member.status === 'DELETED') return false;
  const artist = await findArtistById(ctx.db, row.artistId);
  const inTerm = row.status === 'active' && row.currentPeriodEnd.getTime() > Date.now();
  await ctx.mailer.send(
    artistLeftMail({
      to: member.email,
      firstName: member.firstName,
      artistName: artist?.name ?? 'Your artist',
      accessUntil: inTerm ? row.currentPeriodEnd : null,
    }),
  );
  return true;
}

export function registerArtistLeftJobs(ctx: AppContext): void {
  ctx.jobs.define({
    name: ARTIST_LEFT_AT_PROVIDER_JOB,
    payload: jobPayload,
    retryLimit: 8,
    retryDelaySeconds: 30,
    handle: async (payload) => ((await endAtProvider(ctx, payload)) ? 'success' : 'skipped'),
  });
  ctx.jobs.define({
    name: ARTIST_LEFT_MAIL_JOB,
    payload: jobPayload,
    // Like the other mails: a mail server that is down for a while is retried for about 40 minutes.
    retryLimit: 8,
    retryDelaySeconds: 10,
    expireInSeconds: 5 * 60,
    handle: async (payload) => ((await mailArtistLeft(ctx, payload)) ? 'success' : 'skipped'),
  });
}
