import type { PublicGenre } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

export function fetchGenres(): Promise<PublicGenre[]> {
  return api.get('/genres');
}

export const genresQuery = queryOptions({ queryKey: ['genres'], queryFn: fetchGenres, staleTime: 5 * 60_000 });

export function useGenres() {
  return useQuery(genresQuery);
}
