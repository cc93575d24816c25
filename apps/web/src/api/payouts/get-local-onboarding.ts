import type { LocalOnboardingAnswer } from '@hfm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { payoutKeys } from './keys';

/** GET /api/payments/local/connect/onboarding/{linkId}: what the onboarding page shows (404 once gone). */
export function fetchLocalOnboarding(linkId: string, signal?: AbortSignal): Promise<LocalOnboardingAnswer> {
  return api.get('/payments/local/connect/onboarding/{linkId}', { params: { linkId }, signal, redirectOn401: false });
}

export function useLocalOnboarding(linkId: string) {
  return useQuery({
    queryKey: payoutKeys.onboarding(linkId),
    queryFn: ({ signal }) => fetchLocalOnboarding(linkId, signal),
    retry: false,
    // A link is spent once used: never fetch it again behind the page's back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
