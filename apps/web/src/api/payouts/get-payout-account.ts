import type { RetrieveConnectAccountAnswer } from '@hfm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { payoutKeys } from './keys';

/** GET /api/artists/retrieve-connect-account/{id}: the payout account as the provider knows it now, or null. */
export function fetchPayoutAccount(artistId: string, signal?: AbortSignal): Promise<RetrieveConnectAccountAnswer> {
  return api.get('/artists/retrieve-connect-account/{id}', { params: { id: artistId }, signal });
}

export function usePayoutAccount(artistId: string) {
  return useQuery({
    queryKey: payoutKeys.account(artistId),
    queryFn: ({ signal }) => fetchPayoutAccount(artistId, signal),
  });
}
