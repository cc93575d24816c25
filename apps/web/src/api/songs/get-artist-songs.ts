import { DEFAULT_PAGE_SIZE, type PagedSongs } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { songKeys } from './keys';

export function fetchArtistSongs(artistID: string, page: number, limit = DEFAULT_PAGE_SIZE): Promise<PagedSongs> {
  return api.get('/songs/artist/{artistID}', { params: { artistID }, query: { page, limit } });
}

export const artistSongsQuery = (artistID: string, page: number, limit = DEFAULT_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...songKeys.artist(artistID), { page, limit }],
    queryFn: () => fetchArtistSongs(artistID, page, limit),
  });

export function useArtistSongs(artistID: string, page: number, limit = DEFAULT_PAGE_SIZE) {
  return useQuery({ ...artistSongsQuery(artistID, page, limit), placeholderData: (previous) => previous });
}
