import type { NewReleases } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { releaseKeys } from './keys';

/** GET /api/releases/new: unheard releases of the artists the member subscribes to, and their count. */
export function fetchNewReleases(signal?: AbortSignal): Promise<NewReleases> {
  return api.get('/releases/new', { signal });
}

export const newReleasesQuery = queryOptions({
  queryKey: releaseKeys.newReleases,
  queryFn: ({ signal }) => fetchNewReleases(signal),
  // A release drops at its minute: look again now and then while a page stays open.
  staleTime: 60_000,
  refetchInterval: 5 * 60_000,
});

/** New for you (member home) and the My Music badge share one request. */
export function useNewReleases(enabled = true) {
  return useQuery({ ...newReleasesQuery, enabled });
}
