import type { AdminPlaylist, CreatePlaylistBody, UpdatePlaylistBody } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { playlistKeys } from './keys';

/** POST /api/playlists/create. */
export function createPlaylist(body: CreatePlaylistBody): Promise<AdminPlaylist> {
  return api.post('/playlists/create', { body });
}

/** PUT /api/playlists/{id}: only the fields sent change; `songs` is the whole list in order. */
export function updatePlaylist(id: string, body: UpdatePlaylistBody): Promise<AdminPlaylist> {
  return api.put('/playlists/{id}', { params: { id }, body });
}

/** The spec's playlist save: no id, Save creates; with an id, updates. The lists refetch; the playlist is cached. */
export function useSavePlaylist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | null; body: CreatePlaylistBody }) =>
      id ? updatePlaylist(id, body) : createPlaylist(body),
    onSuccess: async (playlist) => {
      client.setQueryData(playlistKeys.one(playlist.id), playlist);
      await client.invalidateQueries({ queryKey: playlistKeys.lists });
    },
  });
}
