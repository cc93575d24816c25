import type { DownloadOption } from '@hfm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { libraryKeys } from './keys';

/** GET .../my-music/artists/{artistID}/downloads: each format with the size of the artist's zip in it. */
export function useKeptZipOptions(memberId: string, artistId: string, enabled: boolean) {
  return useQuery({
    queryKey: libraryKeys.keptZipOptions(memberId, artistId),
    queryFn: ({ signal }): Promise<DownloadOption[]> =>
      api.get('/members/{memberID}/my-music/artists/{artistID}/downloads', {
        params: { memberID: memberId, artistID: artistId },
        signal,
      }),
    enabled,
  });
}
