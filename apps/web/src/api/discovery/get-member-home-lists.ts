import type { MemberHomeLists } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { discoveryKeys } from './keys';

/** GET /api/playlists/agg/member-home-lists: playlists, picks, radio, featured artists, genres, new releases. */
export function fetchMemberHomeLists(signal?: AbortSignal): Promise<MemberHomeLists> {
  return api.get('/playlists/agg/member-home-lists', { signal });
}

export const memberHomeListsQuery = queryOptions({
  queryKey: discoveryKeys.memberHomeLists,
  queryFn: ({ signal }) => fetchMemberHomeLists(signal),
});

export function useMemberHomeLists() {
  return useQuery(memberHomeListsQuery);
}
