import type { GenrePage } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { discoveryKeys } from './keys';

/** GET /api/genres/{id}/page: a genre, its active artists and their newest songs. */
export function fetchGenrePage(id: string, signal?: AbortSignal): Promise<GenrePage> {
  return api.get('/genres/{id}/page', { params: { id }, signal });
}

export const genrePageQuery = (id: string) =>
  queryOptions({ queryKey: discoveryKeys.genrePage(id), queryFn: ({ signal }) => fetchGenrePage(id, signal) });

export function useGenrePage(id: string) {
  return useQuery(genrePageQuery(id));
}
