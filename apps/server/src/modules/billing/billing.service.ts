import type { Database } from '../../platform/db/client.js';
import {
  deletePaymentCardsOfMember,
  listActiveSubscriptions,
  stopRenewalsOfMember,
} from './subscriptions.repository.js';

/** Subscriptions: what other modules may ask of billing. */
export function findActiveSubscriptions(db: Database, memberIds: string[]) {
  return listActiveSubscriptions(db, memberIds);
}

/**
 * Billing's part of deleting a member's account (docs/decisions/0014-deleting-an-account.md), run inside
 * the deletion's transaction (`tx`): every subscription still running stops renewing (it is cancelled at
 * the end of its term, like a cancel), and the saved cards are removed. Subscription rows, and every
 * charge and ledger row, stay: they are payment records, and point at the account's tombstone.
 *
 * Billing owns this: when cards live at a payment provider, detaching them there (and cancelling a
 * provider-side subscription) belongs here too, queued to run after the transaction commits.
 */
export async function endSubscriptionsOfDeletedMember(
  tx: Database,
  memberId: string,
): Promise<{ subscriptionsEnding: number; cardsRemoved: number }> {
  const subscriptionsEnding = await stopRenewalsOfMember(tx, memberId);
  const cardsRemoved = await deletePaymentCardsOfMember(tx, memberId);
  return { subscriptionsEnding, cardsRemoved };
}
