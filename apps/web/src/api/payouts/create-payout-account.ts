import type { CreateConnectAccountBody, PayoutAccountStatus } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { payoutKeys } from './keys';

/** POST /api/artists/create-connect-account: the artist's own payout account, made once (then the same one). */
export function createPayoutAccount(body: NonNullable<CreateConnectAccountBody>): Promise<PayoutAccountStatus> {
  return api.post('/artists/create-connect-account', { body });
}

export function useCreatePayoutAccount(artistId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NonNullable<CreateConnectAccountBody>) => createPayoutAccount(body),
    onSuccess: (account) => client.setQueryData(payoutKeys.account(artistId), { artistID: artistId, account }),
  });
}
