import type { AccountLinkAnswer } from '@hfm/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../client';

/** POST /api/artists/create-account-link/{id}: a fresh single-use onboarding link (the provider's page). */
export function createAccountLink(artistId: string): Promise<AccountLinkAnswer> {
  return api.post('/artists/create-account-link/{id}', { params: { id: artistId } });
}

export function useCreateAccountLink(artistId: string) {
  return useMutation({ mutationFn: () => createAccountLink(artistId) });
}
