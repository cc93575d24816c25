import type { ArtistListRequest, PagedArtists } from '@hfm/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { artistKeys } from './keys';

/** The query string of a list request, in a fixed order, without the values left out. */
export function artistListSearch(query: ArtistListRequest): string {
  const params = new URLSearchParams();
  for (const key of ['page', 'limit', 'status', 'tier', 'search', 'sort', 'order'] as const) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** GET /api/artists: for admins every artist, filtered, searched, sorted and paged. */
export function fetchArtists(query: ArtistListRequest): Promise<PagedArtists> {
  return api(`/api/artists?${artistListSearch(query)}`);
}

export const artistListQuery = (query: ArtistListRequest) =>
  queryOptions({ queryKey: artistKeys.list(query), queryFn: () => fetchArtists(query) });

/** The page asked for; while another page or filter loads, the previous rows stay. */
export function useArtistList(query: ArtistListRequest, options: { enabled?: boolean } = {}) {
  return useQuery({ ...artistListQuery(query), placeholderData: keepPreviousData, enabled: options.enabled });
}
