import type { DeletedAnswer } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { updateCachedSongs } from './cached-songs';
import { songKeys } from './keys';

export function deleteSong(id: string): Promise<DeletedAnswer> {
  return api.delete('/songs/remove/{id}', { params: { id } });
}

/** The deleted song leaves every cached list, and its waveform the cache. */
export function useDeleteSong() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSong,
    onSuccess: (_answer, id) => {
      updateCachedSongs(client, (items) => items.filter((item) => item.id !== id));
      client.removeQueries({ queryKey: songKeys.peaks(id) });
    },
  });
}
