import type { AppContext } from '../../context.js';
import type { Database } from '../../platform/db/client.js';
import { PaymentRequestError } from '../../platform/payments/provider.js';
import { findCustomerId } from './cards.repository.js';
import { cancelAtProviderNow } from './renewals.service.js';
import {
  deletePaymentCardsOfMember,
  listProviderSubscriptionsOfMember,
  stopRenewalsOfMember,
} from './subscriptions.repository.js';

export { endSubscriptionsOfTerminatedArtist } from './artist-left.js';

/** Cancels a deleted member's subscriptions at the provider, detaches their cards and forgets their name there. */
export const MEMBER_AT_PROVIDER_JOB = 'billing.forget-member-at-provider';

/**
 * Billing's part of deleting a member's account (docs/decisions/0014-deleting-an-account.md), run inside
 * the deletion's transaction (`tx`): every live subscription stops renewing (an active one ends at its term's
 * end, a past-due one now) and the saved cards are removed. Subscription rows, and every charge and ledger
 * row, stay: they are payment records, and point at the account's tombstone. The provider's side (cancel
 * now, detach the cards, forget the name and email) is a job queued in the same transaction: it runs once
 * the deletion has committed, and is retried while the provider cannot be reached.
 */
export async function endSubscriptionsOfDeletedMember(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Database,
  memberId: string,
): Promise<{ subscriptionsEnding: number; cardsRemoved: number }> {
  const subscriptionsEnding = await stopRenewalsOfMember(tx, memberId);
  const paymentMethodIds = await deletePaymentCardsOfMember(tx, memberId);
  await ctx.jobs.send(MEMBER_AT_PROVIDER_JOB, { memberId, paymentMethodIds }, { db: tx });
  return { subscriptionsEnding, cardsRemoved: paymentMethodIds.length };
}

/** The job's work: each call is idempotent at the provider, so a retry after a partial run is harmless. */
export async function forgetMemberAtProvider(
  ctx: Pick<AppContext, 'db' | 'platform'>,
  { memberId, paymentMethodIds }: { memberId: string; paymentMethodIds: string[] },
): Promise<void> {
  const payments = ctx.platform.payments;
  for (const ref of await listProviderSubscriptionsOfMember(ctx.db, memberId, payments.name)) {
    await cancelAtProviderNow(ctx, ref);
  }
  for (const ref of paymentMethodIds) {
    await payments.detachPaymentMethod(ref).catch(ignoreMissing);
  }
  const customerId = await findCustomerId(ctx.db, memberId, payments.name);
  if (customerId) await payments.forgetCustomer(customerId);
}

function ignoreMissing(error: unknown): void {
  if (error instanceof PaymentRequestError && error.code === 'resource_missing') return;
  throw error;
}
