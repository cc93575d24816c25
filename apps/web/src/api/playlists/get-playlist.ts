import type { AdminPlaylist } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { playlistKeys } from './keys';

/** GET /api/playlists/{id}/edit: one playlist with its tracks, for the Edit Playlist modal. */
export function fetchPlaylistForEditing(id: string, signal?: AbortSignal): Promise<AdminPlaylist> {
  return api.get('/playlists/{id}/edit', { params: { id }, signal });
}

export const playlistQuery = (id: string) =>
  queryOptions({ queryKey: playlistKeys.one(id), queryFn: ({ signal }) => fetchPlaylistForEditing(id, signal) });

/** Null asks for nothing (a new playlist has no id yet). */
export function usePlaylistForEditing(id: string | null) {
  return useQuery({ ...playlistQuery(id ?? ''), enabled: id !== null });
}
