import type { PublicArtist, UpdateArtistRequest } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { artistQuery } from './get-artist';

export function updateArtist(id: string, body: UpdateArtistRequest): Promise<PublicArtist> {
  return api(`/api/artists/${id}`, { method: 'PUT', body });
}

/** Profile and bio: the saved artist replaces the cached one. */
export function useUpdateArtist(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateArtistRequest) => updateArtist(id, body),
    onSuccess: (artist) => client.setQueryData(artistQuery(id).queryKey, artist),
  });
}
