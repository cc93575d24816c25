import type { SocialPrefillAnswer, SocialProvidersAnswer } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiUrl } from './client';

export type { SocialPrefillAnswer };

/** The configured social sign-in providers (none: no button). */
export function fetchSocialProviders(): Promise<SocialProvidersAnswer> {
  return api.get('/auth/social/providers');
}

export const socialProvidersQuery = queryOptions({
  queryKey: ['social', 'providers'],
  queryFn: fetchSocialProviders,
  staleTime: Infinity,
  retry: false,
});

export function useSocialProviders() {
  return useQuery(socialProvidersQuery);
}

/** Where the Sign Up With … button goes: a full page load, the server redirects to the provider. */
export function socialStartHref(providerId: string): string {
  return apiUrl('/auth/social/{provider}/start', { params: { provider: providerId } });
}

/** The provider's details for the Fan Sign Up modal: the server answers a token once, so it is never refetched. */
export function fetchSocialPrefill(token: string): Promise<SocialPrefillAnswer> {
  return api.get('/auth/social/prefill/{token}', { params: { token } });
}

export function useSocialPrefill(token: string | null) {
  return useQuery({
    queryKey: ['social', 'prefill', token],
    queryFn: () => fetchSocialPrefill(token!),
    enabled: Boolean(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
