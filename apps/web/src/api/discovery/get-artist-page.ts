import { expandArtistPage, type ArtistPage } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { discoveryKeys } from './keys';

/**
 * GET /api/artist-pages/{slug}: the whole public page in one call. The server answers an ETag; the
 * browser's HTTP cache sends If-None-Match on a repeat visit and hands back the cached body on a 304.
 * Anyone may open it, so a 401 here never sends the visitor to /login.
 */
export function fetchArtistPage(slug: string, signal?: AbortSignal): Promise<ArtistPage> {
  return api.get('/artist-pages/{slug}', { params: { slug }, signal, redirectOn401: false });
}

export const artistPageQuery = (slug: string) =>
  queryOptions({
    queryKey: discoveryKeys.artistPage(slug),
    queryFn: ({ signal }) => fetchArtistPage(slug, signal),
  });

/**
 * The page as its screens read it: the answer lists each song once and albums name their songs by id; the
 * cached answer stays as sent (the page's HTML carries the same), and each change of it is expanded once.
 */
export function useArtistPage(slug: string) {
  return useQuery({ ...artistPageQuery(slug), select: expandArtistPage });
}
