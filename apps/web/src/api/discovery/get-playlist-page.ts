import type { PlaylistPage } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { discoveryKeys } from './keys';

/** GET /api/playlists/{id}: a playlist and its songs in order. */
export function fetchPlaylistPage(id: string, signal?: AbortSignal): Promise<PlaylistPage> {
  return api.get('/playlists/{id}', { params: { id }, signal });
}

export const playlistPageQuery = (id: string) =>
  queryOptions({ queryKey: discoveryKeys.playlistPage(id), queryFn: ({ signal }) => fetchPlaylistPage(id, signal) });

export function usePlaylistPage(id: string) {
  return useQuery(playlistPageQuery(id));
}
