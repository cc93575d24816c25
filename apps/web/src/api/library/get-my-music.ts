import type { MyMusicArtists, MyMusicSort, PagedMyMusic } from '@hfm/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { libraryKeys } from './keys';

export interface MyMusicView {
  page: number;
  /** One artist's songs, or everyone's (null). */
  artistId: string | null;
  sort: MyMusicSort;
}

/** GET /api/members/{memberID}/my-music: the songs the member keeps, newest first or by title, of one artist. */
export function fetchMyMusic(memberId: string, view: MyMusicView, signal?: AbortSignal): Promise<PagedMyMusic> {
  return api.get('/members/{memberID}/my-music', {
    params: { memberID: memberId },
    query: { page: view.page, sort: view.sort, ...(view.artistId ? { artistID: view.artistId } : {}) },
    signal,
  });
}

export const myMusicQuery = (memberId: string, view: MyMusicView) =>
  queryOptions({
    queryKey: libraryKeys.myMusic(memberId, view.page, view.artistId, view.sort),
    queryFn: ({ signal }) => fetchMyMusic(memberId, view, signal),
    placeholderData: keepPreviousData,
  });

export function useMyMusic(memberId: string, view: MyMusicView) {
  return useQuery(myMusicQuery(memberId, view));
}

/** GET /api/members/{memberID}/my-music/artists: whose songs the member keeps (the filter, the zips). */
export function useMyMusicArtists(memberId: string) {
  return useQuery({
    queryKey: libraryKeys.myMusicArtists(memberId),
    queryFn: ({ signal }): Promise<MyMusicArtists> =>
      api.get('/members/{memberID}/my-music/artists', { params: { memberID: memberId }, signal }),
    enabled: memberId !== '',
  });
}
