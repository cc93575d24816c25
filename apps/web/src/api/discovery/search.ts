import { isSearchTerm, type SearchResult } from '@hfm/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { discoveryKeys } from './keys';

/** GET /api/search?s={term}: songs, artists and albums, best matches first within each type. */
export function fetchSearch(term: string, signal?: AbortSignal): Promise<SearchResult[]> {
  return api.get('/search', { query: { s: term }, signal });
}

export const searchQuery = (term: string) =>
  queryOptions({
    queryKey: discoveryKeys.search(term.trim()),
    queryFn: ({ signal }) => fetchSearch(term.trim(), signal),
    staleTime: 60_000,
  });

/**
 * Give it the debounced term: each term is its own query, so an answer that arrives after the term has
 * changed never shows (and its request is aborted). The last answer stays, dimmed, while the next loads.
 */
export function useSearch(term: string) {
  const enabled = isSearchTerm(term);
  return useQuery({ ...searchQuery(term), enabled, placeholderData: enabled ? keepPreviousData : undefined });
}
