import type { ArtistSummary } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { discoveryKeys } from './keys';

/** GET /api/bff/members/artist-summary/{artistId}: the artist and their released songs. */
export function fetchArtistSummary(artistId: string, signal?: AbortSignal): Promise<ArtistSummary> {
  return api.get('/bff/members/artist-summary/{artistId}', { params: { artistId }, signal });
}

export const artistSummaryQuery = (artistId: string) =>
  queryOptions({
    queryKey: discoveryKeys.artistSummary(artistId),
    queryFn: ({ signal }) => fetchArtistSummary(artistId, signal),
  });

/** Waits for an artist id (member home asks for the hero's summary once the hero is known). */
export function useArtistSummary(artistId: string | null | undefined) {
  return useQuery({ ...artistSummaryQuery(artistId ?? ''), enabled: Boolean(artistId) });
}
