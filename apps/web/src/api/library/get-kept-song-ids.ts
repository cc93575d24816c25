import type { MyMusicSongIds } from '@hfm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { libraryKeys } from './keys';

const NONE: ReadonlySet<string> = new Set();

/** GET /api/members/{memberID}/my-music/song-ids: every song the member keeps. */
export function fetchKeptSongIds(memberId: string, signal?: AbortSignal): Promise<MyMusicSongIds> {
  return api.get('/members/{memberID}/my-music/song-ids', { params: { memberID: memberId }, signal });
}

/** The songs a member keeps, as a set (empty until known, and for anyone who is not a member). */
export function useKeptSongIds(memberId: string | null): ReadonlySet<string> {
  const query = useQuery({
    queryKey: libraryKeys.keptSongIds(memberId ?? ''),
    queryFn: ({ signal }) => fetchKeptSongIds(memberId!, signal),
    enabled: memberId !== null,
    staleTime: 60 * 1000,
    select: (data) => new Set(data.songIDs),
  });
  return query.data ?? NONE;
}
