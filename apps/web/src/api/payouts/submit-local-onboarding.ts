import type { LocalOnboardingBody, LocalOnboardingDone } from '@hfm/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../client';

/**
 * POST /api/payments/local/connect/onboarding/{linkId}: the bank account and/or tax form. The full numbers go
 * here and nowhere else; the answer says where to go next (the studio).
 */
export function submitLocalOnboarding(linkId: string, body: LocalOnboardingBody): Promise<LocalOnboardingDone> {
  return api.post('/payments/local/connect/onboarding/{linkId}', { params: { linkId }, body, redirectOn401: false });
}

export function useSubmitLocalOnboarding(linkId: string) {
  return useMutation({ mutationFn: (body: LocalOnboardingBody) => submitLocalOnboarding(linkId, body) });
}
