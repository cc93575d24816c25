import type { DeletedAnswer } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { playlistKeys } from './keys';

/** DELETE /api/playlists/remove/{id}. */
export function deletePlaylist(id: string): Promise<DeletedAnswer> {
  return api.delete('/playlists/remove/{id}', { params: { id } });
}

/** The deleted playlist leaves the cache; the lists refetch (their pages shift). */
export function useDeletePlaylist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePlaylist,
    onSuccess: async (_answer, id) => {
      client.removeQueries({ queryKey: playlistKeys.one(id) });
      await client.invalidateQueries({ queryKey: playlistKeys.lists });
    },
  });
}
