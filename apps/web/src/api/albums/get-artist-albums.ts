import type { PublicAlbum } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';

export function fetchArtistAlbums(artistID: string): Promise<PublicAlbum[]> {
  return api.get('/albums/artist/{artistID}', { params: { artistID } });
}

export const albumKeys = {
  allArtists: ['albums', 'artist'] as const,
  artist: (artistID: string) => ['albums', 'artist', artistID] as const,
};

export const artistAlbumsQuery = (artistID: string) =>
  queryOptions({ queryKey: albumKeys.artist(artistID), queryFn: () => fetchArtistAlbums(artistID) });

export function useArtistAlbums(artistID: string) {
  return useQuery(artistAlbumsQuery(artistID));
}
