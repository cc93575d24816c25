import type { FeaturedArtists, FeaturedSwapBody } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { featuredOrderChanged } from './artist-cache';
import { artistQuery } from './get-artist';
import { artistKeys } from './keys';

/** POST /api/artists/featured/swap: the added artist takes the removed one's place. */
export function swapFeaturedArtists(body: FeaturedSwapBody): Promise<FeaturedArtists> {
  return api.post('/artists/featured/swap', { body });
}

export function useSwapFeaturedArtists() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: swapFeaturedArtists,
    onSuccess: (featured, { removeID }) => {
      client.setQueryData(artistKeys.featured, featured);
      featuredOrderChanged(client, featured.items);
      void client.invalidateQueries({ queryKey: artistQuery(removeID).queryKey });
    },
  });
}
