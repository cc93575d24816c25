import type { PublicArtist, UpdateArtistRequest } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { artistChanged } from './artist-cache';

/** PATCH /api/artists/{id}: the fields sent change, the others stay. */
export function updateArtist(id: string, body: UpdateArtistRequest): Promise<PublicArtist> {
  return api.patch('/artists/{id}', { params: { id }, body });
}

/** Profile and bio (the studio), or an admin's review: the saved artist replaces the cached one. */
export function useUpdateArtist(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateArtistRequest) => updateArtist(id, body),
    onSuccess: (artist) => artistChanged(client, artist),
  });
}

/** The same save for a list of artists (the featured order): the artist's id comes with each call. */
export function useSaveArtist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateArtistRequest }) => updateArtist(id, body),
    onSuccess: (artist) => artistChanged(client, artist),
  });
}
