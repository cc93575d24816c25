import type { LocalPaymentMethodAnswer, LocalPaymentMethodBody, SavedCard } from '@hfm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { billingKeys } from './keys';

/** GET /api/subscriptions/card-list/{memberID}: brand, last four and expiry of each saved card. */
export function fetchSavedCards(memberId: string, signal?: AbortSignal): Promise<SavedCard[]> {
  return api.get('/subscriptions/card-list/{memberID}', { params: { memberID: memberId }, signal });
}

export function useSavedCards(memberId: string) {
  return useQuery({
    queryKey: billingKeys.cards(memberId),
    queryFn: ({ signal }) => fetchSavedCards(memberId, signal),
  });
}

/**
 * The local provider's card form, as Stripe.js is to Stripe: the number and CVC go to
 * POST /api/payments/local/payment-methods and nowhere else; the answer's token names the card from then on.
 */
export function tokenizeLocalCard(card: LocalPaymentMethodBody): Promise<LocalPaymentMethodAnswer> {
  return api.post('/payments/local/payment-methods', { body: card });
}

/** POST /api/subscriptions/attach-payment-method/{memberID}: saves the token to the member (402 when refused). */
export function attachPaymentMethod(
  memberId: string,
  body: { paymentMethodID: string; cardName?: string; postalCode?: string },
): Promise<SavedCard> {
  return api.post('/subscriptions/attach-payment-method/{memberID}', { params: { memberID: memberId }, body });
}

/** Tokenises a card typed into the local form and saves it; the card list is fetched again. */
export function useSaveLocalCard(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (card: LocalPaymentMethodBody) => {
      const { paymentMethodID } = await tokenizeLocalCard(card);
      return attachPaymentMethod(memberId, { paymentMethodID, cardName: card.cardName, postalCode: card.postalCode });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.cards(memberId) }),
  });
}

/** Saves a card Stripe.js confirmed (its token, name and ZIP code); the card list is fetched again. */
export function useAttachCard(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (card: { paymentMethodID: string; cardName: string; postalCode: string }) =>
      attachPaymentMethod(memberId, card),
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.cards(memberId) }),
  });
}

/** DELETE /api/subscriptions/payment-methods/{memberID}/{cardId}: a 409 while it pays a renewing subscription. */
export function useRemoveSavedCard(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) =>
      api.delete('/subscriptions/payment-methods/{memberID}/{cardId}', { params: { memberID: memberId, cardId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.cards(memberId) }),
  });
}
