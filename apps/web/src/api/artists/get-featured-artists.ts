import type { FeaturedArtists } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { artistKeys } from './keys';

/** GET /api/artists/featured: the featured order (admins); position 0 is member home's hero artist. */
export function fetchFeaturedArtists(): Promise<FeaturedArtists> {
  return api.get('/artists/featured');
}

export const featuredArtistsQuery = () =>
  queryOptions({ queryKey: artistKeys.featured, queryFn: fetchFeaturedArtists });

export function useFeaturedArtists() {
  return useQuery(featuredArtistsQuery());
}
