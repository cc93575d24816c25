import type { PublicArtist } from '@hfm/shared';
import type { QueryClient } from '@tanstack/react-query';
import { discoveryKeys } from '../discovery/keys';
import { artistQuery } from './get-artist';
import { artistKeys } from './keys';

/**
 * After an artist changed: the saved artist replaces the cached one, and the lists and the featured order
 * (which its status, scores or featuring may move it in) and what fans browse are fetched again.
 */
export function artistChanged(client: QueryClient, artist: PublicArtist): void {
  client.setQueryData(artistQuery(artist.id).queryKey, (cached: PublicArtist | undefined) =>
    // A save answers the account only to admins; keep the one already shown.
    cached?.user && !artist.user ? { ...artist, user: cached.user } : artist,
  );
  void client.invalidateQueries({ queryKey: artistKeys.all });
  void client.invalidateQueries({ queryKey: discoveryKeys.all });
}

/** After the featured order changed as a whole: each artist in it is cached as answered, the lists refetched. */
export function featuredOrderChanged(client: QueryClient, featured: PublicArtist[]): void {
  for (const artist of featured) client.setQueryData(artistQuery(artist.id).queryKey, artist);
  void client.invalidateQueries({ queryKey: artistKeys.all, predicate: (query) => query.queryKey[1] !== 'featured' });
  void client.invalidateQueries({ queryKey: discoveryKeys.all });
}
