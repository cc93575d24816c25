import type { FeaturedArtists } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { featuredOrderChanged } from './artist-cache';
import { artistKeys } from './keys';

/** PUT /api/artists/featured/order: the whole featured order at once. */
export function reorderFeaturedArtists(ids: string[]): Promise<FeaturedArtists> {
  return api.put('/artists/featured/order', { body: { ids } });
}

/**
 * Shows the new order at once (a drag lands where it was dropped); a refusal (the order changed meanwhile)
 * puts the old one back and the order is fetched again.
 */
export function useReorderFeaturedArtists() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderFeaturedArtists,
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: artistKeys.featured });
      const previous = client.getQueryData<FeaturedArtists>(artistKeys.featured);
      if (previous) {
        const byId = new Map(previous.items.map((artist) => [artist.id, artist]));
        const items = ids.flatMap((id, index) => {
          const artist = byId.get(id);
          return artist ? [{ ...artist, featuredPosition: index }] : [];
        });
        client.setQueryData<FeaturedArtists>(artistKeys.featured, { items });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) client.setQueryData(artistKeys.featured, context.previous);
      void client.invalidateQueries({ queryKey: artistKeys.featured });
    },
    onSuccess: (featured) => {
      client.setQueryData(artistKeys.featured, featured);
      featuredOrderChanged(client, featured.items);
    },
  });
}
