import type { DownloadOption } from '@hfm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { libraryKeys } from './keys';

/** GET /api/albums/{id}/downloads: each format with the size of the album's zip in it. */
export function fetchAlbumDownloadOptions(albumId: string, signal?: AbortSignal): Promise<DownloadOption[]> {
  return api.get('/albums/{id}/downloads', { params: { id: albumId }, signal });
}

/**
 * Fetched when the menu opens (`enabled`), and again on each opening: the zip holds the songs the member
 * may download now, which a subscription or a download changes.
 */
export function useAlbumDownloadOptions(albumId: string, enabled: boolean) {
  return useQuery({
    queryKey: libraryKeys.albumDownloadOptions(albumId),
    queryFn: ({ signal }) => fetchAlbumDownloadOptions(albumId, signal),
    enabled,
  });
}
