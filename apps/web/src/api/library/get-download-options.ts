import type { DownloadOption } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { libraryKeys } from './keys';

/** GET /api/songs/{id}/downloads: each format with its size, for whoever may download the song. */
export function fetchDownloadOptions(songId: string, signal?: AbortSignal): Promise<DownloadOption[]> {
  return api.get('/songs/{id}/downloads', { params: { id: songId }, signal });
}

export const downloadOptionsQuery = (songId: string) =>
  queryOptions({
    queryKey: libraryKeys.downloadOptions(songId),
    queryFn: ({ signal }) => fetchDownloadOptions(songId, signal),
    staleTime: 10 * 60 * 1000,
  });

/** Fetched when the menu opens (`enabled`), then kept: sizes do not change. */
export function useDownloadOptions(songId: string, enabled: boolean) {
  return useQuery({ ...downloadOptionsQuery(songId), enabled });
}
