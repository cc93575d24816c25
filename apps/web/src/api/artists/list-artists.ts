import type { PagedArtists } from '@hfm/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiQuery } from '../client';
import { artistKeys } from './keys';

/** What the admins' artist list asks the server for: the query of GET /api/artists. */
export type ArtistListRequest = ApiQuery<'get', '/artists'>;

/** GET /api/artists: for admins every artist, filtered, searched, sorted and paged (a fixed order, no blanks). */
export function fetchArtists(request: ArtistListRequest): Promise<PagedArtists> {
  const { page, limit, status, tier, search, sort, order } = request;
  return api.get('/artists', { query: { page, limit, status, tier, search: search || undefined, sort, order } });
}

export const artistListQuery = (query: ArtistListRequest) =>
  queryOptions({ queryKey: artistKeys.list(query), queryFn: () => fetchArtists(query) });

/** The page asked for; while another page or filter loads, the previous rows stay. */
export function useArtistList(query: ArtistListRequest, options: { enabled?: boolean } = {}) {
  return useQuery({ ...artistListQuery(query), placeholderData: keepPreviousData, enabled: options.enabled });
}
