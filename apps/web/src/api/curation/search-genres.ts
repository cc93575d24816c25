import { isSearchTerm, type PublicGenre } from '@hfm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../client';

export function searchGenres(term: string, signal?: AbortSignal): Promise<PublicGenre[]> {
  return api.get('/genres/search/{search}', { params: { search: term }, signal });
}

/** The genre type-ahead: asks only for a search term (isSearchTerm: 3 characters, the spec's minimum); shorter terms find nothing. */
export function useGenreSearch(term: string) {
  const trimmed = term.trim();
  const enabled = isSearchTerm(trimmed);
  return useQuery({
    queryKey: ['genres', 'search', trimmed.toLowerCase()],
    queryFn: ({ signal }) => searchGenres(trimmed, signal),
    enabled,
    placeholderData: enabled ? keepPreviousData : undefined,
    staleTime: 30_000,
  });
}
