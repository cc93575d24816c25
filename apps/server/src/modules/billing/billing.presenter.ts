import type { CardBrand, PublicSubscription, SavedCard, SubscriptionStatus } from '@hfm/shared';
import type { CardRow } from './cards.repository.js';
import type { SubscriptionRow } from './subscriptions.repository.js';

export function presentCard(row: CardRow): SavedCard {
  return {
    _id: row.id,
    id: row.id,
    paymentMethodID: row.providerRef,
    brand: row.brand as CardBrand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    cardName: row.cardName,
    postalCode: row.postalCode,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentSubscription(
  row: SubscriptionRow,
  extra: { artistName: string; paymentMethodID: string | null },
): PublicSubscription {
  const renews = (row.status === 'active' || row.status === 'past_due') && !row.cancelAtPeriodEnd;
  return {
    _id: row.id,
    id: row.id,
    memberID: row.memberId,
    artistID: row.artistId,
    artistName: extra.artistName,
    paymentMethodID: extra.paymentMethodID,
    status: row.status as SubscriptionStatus,
    priceCents: row.priceCents,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    renewsAt: renews ? (row.nextAttemptAt ?? row.currentPeriodEnd).toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
