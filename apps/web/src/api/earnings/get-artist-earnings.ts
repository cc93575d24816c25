import type { ArtistEarnings } from '@hfm/shared';
import { useQuery } from '@tanstack/react-query';
import { api, apiUrl } from '../client';
import { earningsKeys } from './keys';

/** GET /api/artists/{id}/earnings: subscribers, earned, the next payout, payouts and 12 months of charts. */
export function fetchArtistEarnings(artistId: string, signal?: AbortSignal): Promise<ArtistEarnings> {
  return api.get('/artists/{id}/earnings', { params: { id: artistId }, signal });
}

export function useArtistEarnings(artistId: string) {
  return useQuery({
    queryKey: earningsKeys.artist(artistId),
    queryFn: ({ signal }) => fetchArtistEarnings(artistId, signal),
  });
}

/** GET /api/artists/{id}/earnings.csv: the statement, downloaded by a plain link (the session cookie goes with it). */
export function artistStatementUrl(artistId: string): string {
  return apiUrl('/artists/{id}/earnings.csv', { params: { id: artistId } });
}
