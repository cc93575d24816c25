import type { PublicSong, UpdateSongBody } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { replaceCachedSong } from './cached-songs';

export function updateSong(id: string, body: UpdateSongBody): Promise<PublicSong> {
  return api.put('/songs/{id}', { params: { id }, body });
}

/** Edit Song Info: the saved song takes its place in every cached list. */
export function useUpdateSong() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSongBody }) => updateSong(id, body),
    onSuccess: (song) => replaceCachedSong(client, song),
  });
}
