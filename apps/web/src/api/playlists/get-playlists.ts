import { DEFAULT_PAGE_SIZE, type PagedAdminPlaylists } from '@hfm/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { playlistKeys } from './keys';

/** GET /api/playlists?page&limit: every playlist, newest first (admins). */
export function fetchPlaylists(page: number, limit: number, signal?: AbortSignal): Promise<PagedAdminPlaylists> {
  return api.get('/playlists', { query: { page, limit }, signal });
}

export const playlistsQuery = (page: number, limit = DEFAULT_PAGE_SIZE) =>
  queryOptions({
    queryKey: playlistKeys.list(page, limit),
    queryFn: ({ signal }) => fetchPlaylists(page, limit, signal),
  });

/** The page stays on screen (dimmed by the caller) while the next one loads. */
export function usePlaylists(page: number, limit = DEFAULT_PAGE_SIZE) {
  return useQuery({ ...playlistsQuery(page, limit), placeholderData: keepPreviousData });
}
