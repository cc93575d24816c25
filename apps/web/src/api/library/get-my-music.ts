import type { PagedMyMusic } from '@hfm/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { libraryKeys } from './keys';

/** GET /api/members/{memberID}/my-music: the songs the member keeps, newest download first. */
export function fetchMyMusic(memberId: string, page: number, signal?: AbortSignal): Promise<PagedMyMusic> {
  return api.get('/members/{memberID}/my-music', { params: { memberID: memberId }, query: { page }, signal });
}

export const myMusicQuery = (memberId: string, page: number) =>
  queryOptions({
    queryKey: libraryKeys.myMusic(memberId, page),
    queryFn: ({ signal }) => fetchMyMusic(memberId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useMyMusic(memberId: string, page: number) {
  return useQuery(myMusicQuery(memberId, page));
}
