import type { TerminateArtistBody, TerminationAnswer } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { artistQuery } from './get-artist';
import { initialQuery } from './get-initial';

/**
 * `POST /api/artists/{id}/terminate` (docs/decisions/0021): the artist confirms with its current password.
 * A wrong password is a 400 for the form, not a trip to /login.
 */
export function terminateArtist(id: string, body: TerminateArtistBody): Promise<TerminationAnswer> {
  return api.post('/artists/{id}/terminate', { params: { id }, body, redirectOn401: false });
}

/** The terminated artist replaces the cached one (status CANCELLED); the studio's first load is read again. */
export function useTerminateArtist(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TerminateArtistBody) => terminateArtist(id, body),
    onSuccess: async (answer) => {
      client.setQueryData(artistQuery(id).queryKey, answer.artist);
      await client.invalidateQueries({ queryKey: initialQuery.queryKey });
    },
  });
}
