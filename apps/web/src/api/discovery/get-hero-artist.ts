import type { HeroArtist } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { discoveryKeys } from './keys';

/** GET /api/bff/members/hero-artist: the artist member home leads with; null in an empty catalogue. */
export function fetchHeroArtist(signal?: AbortSignal): Promise<HeroArtist | null> {
  return api.get('/bff/members/hero-artist', { signal });
}

export const heroArtistQuery = queryOptions({
  queryKey: discoveryKeys.heroArtist,
  queryFn: ({ signal }) => fetchHeroArtist(signal),
});

export function useHeroArtist() {
  return useQuery(heroArtistQuery);
}
