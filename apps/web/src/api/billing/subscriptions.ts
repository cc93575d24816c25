import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { discoveryKeys } from '../discovery/keys';
import { libraryKeys } from '../library/keys';
import { songKeys } from '../songs/keys';
import { billingKeys } from './keys';

export interface SubscribeRequest {
  artistID: string;
  paymentMethodID: string;
  /** One per attempt, made by the caller and sent again when the same attempt is retried: it charges once. */
  idempotencyKey: string;
}

/** POST /api/subscriptions: 999 cents for one year; answers the subscription and a few related artists. */
export function subscribe(memberId: string, { artistID, paymentMethodID, idempotencyKey }: SubscribeRequest) {
  return api.post('/subscriptions', {
    body: { memberID: memberId, paymentMethodID, artistID },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/**
 * Access changes with a subscription: who is signed in (subscribedTo), the artist's page (its offer, full
 * songs, download menus), what the member keeps and may download, and the member's subscriptions.
 */
function refetchAccess(client: QueryClient, memberId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: ['session'] }),
    client.invalidateQueries({ queryKey: discoveryKeys.all }),
    client.invalidateQueries({ queryKey: songKeys.allArtists }),
    client.invalidateQueries({ queryKey: libraryKeys.all }),
    client.invalidateQueries({ queryKey: ['download-options'] }),
    client.invalidateQueries({ queryKey: billingKeys.subscriptions(memberId) }),
    client.invalidateQueries({ queryKey: billingKeys.receipts(memberId) }),
  ]);
}

export function useSubscribe(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SubscribeRequest) => subscribe(memberId, request),
    onSuccess: () => refetchAccess(client, memberId),
  });
}

/** GET /api/subscriptions/member/{memberID}: newest first, with renewsAt (null once cancelled). */
export function useMemberSubscriptions(memberId: string) {
  return useQuery({
    queryKey: billingKeys.subscriptions(memberId),
    queryFn: ({ signal }) => api.get('/subscriptions/member/{memberID}', { params: { memberID: memberId }, signal }),
  });
}

/** POST /api/subscriptions/{id}/cancel: no renewal; access to the end of the paid term. */
export function useCancelSubscription(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: string) => api.post('/subscriptions/{id}/cancel', { params: { id: subscriptionId } }),
    onSuccess: () => refetchAccess(client, memberId),
  });
}

/** POST /api/subscriptions/{id}/resume: undoes a cancel while the term runs; it renews again. */
export function useResumeSubscription(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: string) => api.post('/subscriptions/{id}/resume', { params: { id: subscriptionId } }),
    onSuccess: () => refetchAccess(client, memberId),
  });
}
