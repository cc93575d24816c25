import { billingMessages, type PublicSubscription } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../errors/app-error.js';
import { PaymentRequestError } from '../../platform/payments/provider.js';
import { requireAccess, type Actor } from '../access/index.js';
import { findArtistById } from '../artists/index.js';
import { presentSubscriptions } from './subscribe.service.js';
import { findSubscription, listSubscriptionsOfMember, updateSubscription } from './subscriptions.repository.js';

type BillingContext = Pick<AppContext, 'db' | 'platform'>;

/** GET /api/subscriptions/member/{memberID}: the member themself, or an admin. */
export async function listMemberSubscriptions(
  ctx: BillingContext,
  actor: Actor,
  memberId: string,
): Promise<PublicSubscription[]> {
  await requireAccess(ctx, actor, 'user.billing', [memberId]);
  return presentSubscriptions(ctx, await listSubscriptionsOfMember(ctx.db, memberId.toLowerCase()));
}

/**
 * POST /api/subscriptions/{id}/cancel: no renewal; the member keeps access (and everything downloaded) to
 * the end of the paid term. Cancelling again answers the same. A past-due subscription (its renewal was
 * declined) has no paid term left: cancelling it ends it now.
 */
export async function cancelSubscription(
  ctx: BillingContext,
  actor: Actor,
  subscriptionId: string,
): Promise<PublicSubscription> {
  const id = subscriptionId.toLowerCase();
  await requireAccess(ctx, actor, 'subscription.manage', [id]);
  // The provider is called outside any transaction of ours (it may share our database, e.g. PGlite's one
  // connection); its cancel is idempotent, and ours is a plain update after it.
  const current = await findSubscription(ctx.db, id);
  if (!current || current.status === 'incomplete') throw notFound(billingMessages.noSuchSubscription);
  if (current.status === 'canceled' || current.status === 'lapsed') throw conflict(billingMessages.alreadyEnded);
  let row = current;
  if (!current.cancelAtPeriodEnd) {
    if (current.providerSubscriptionId) await cancelAtProvider(ctx, current.providerSubscriptionId, current.status);
    row =
      (await updateSubscription(
        ctx.db,
        id,
        current.status === 'past_due'
          ? { status: 'canceled', cancelAtPeriodEnd: true, nextAttemptAt: null, endedAt: new Date() }
          : { cancelAtPeriodEnd: true },
      )) ?? current;
  }
  const [answer] = await presentSubscriptions(ctx, [row]);
  return answer!;
}

async function cancelAtProvider(ctx: BillingContext, providerSubscriptionId: string, status: string) {
  try {
    await ctx.platform.payments.cancelSubscription({
      subscriptionId: providerSubscriptionId,
      atPeriodEnd: status !== 'past_due',
    });
  } catch (error) {
    // Already cancelled at the provider: ours is the source of truth, and it says the same now.
    if (error instanceof PaymentRequestError && error.code === 'subscription_canceled') return;
    throw error;
  }
}

/**
 * POST /api/subscriptions/{id}/resume: undoes a cancel while the paid term runs, so it renews at the term's
 * end again. One that renews already answers as it is. 409 once the term has ended (subscribe again) or the
 * artist has left HFM (decision 0021: nothing renews).
 */
export async function resumeSubscription(
  ctx: BillingContext,
  actor: Actor,
  subscriptionId: string,
): Promise<PublicSubscription> {
  const id = subscriptionId.toLowerCase();
  await requireAccess(ctx, actor, 'subscription.manage', [id]);
  const current = await findSubscription(ctx.db, id);
  if (!current || current.status === 'incomplete' || current.status === 'declined') {
    throw notFound(billingMessages.noSuchSubscription);
  }
  if (current.status === 'canceled' || current.status === 'lapsed') throw conflict(billingMessages.termEndedNoResume);
  let row = current;
  if (current.cancelAtPeriodEnd) {
    if (current.currentPeriodEnd.getTime() <= Date.now()) throw conflict(billingMessages.termEndedNoResume);
    if ((await findArtistById(ctx.db, current.artistId))?.status === 'CANCELLED') {
      throw conflict(billingMessages.artistLeftNoResume);
    }
    if (current.providerSubscriptionId) await resumeAtProvider(ctx, current.providerSubscriptionId);
    row =
      (await updateSubscription(ctx.db, id, { cancelAtPeriodEnd: false, nextAttemptAt: current.currentPeriodEnd })) ??
      current;
  }
  const [answer] = await presentSubscriptions(ctx, [row]);
  return answer!;
}

async function resumeAtProvider(ctx: BillingContext, providerSubscriptionId: string) {
  try {
    await ctx.platform.payments.resumeSubscription(providerSubscriptionId);
  } catch (error) {
    // Ended at the provider (its dashboard, say): it cannot renew, as if the term had ended.
    if (error instanceof PaymentRequestError && error.code === 'subscription_canceled') {
      throw conflict(billingMessages.termEndedNoResume);
    }
    throw error;
  }
}
