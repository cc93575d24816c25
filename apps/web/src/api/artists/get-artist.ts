import type { PublicArtist } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';

export function fetchArtist(id: string): Promise<PublicArtist> {
  return api.get('/artists/{id}', { params: { id } });
}

export const artistQuery = (id: string) => queryOptions({ queryKey: ['artist', id], queryFn: () => fetchArtist(id) });

export function useArtist(id: string, initialData?: PublicArtist) {
  return useQuery({ ...artistQuery(id), initialData });
}
