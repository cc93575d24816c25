import type { PagedSongs, PublicSong } from '@hfm/shared';
import type { QueryClient } from '@tanstack/react-query';
import { songKeys } from './keys';

/** Applies a change to every cached page of songs (of one artist, or of all when no artist is named). */
export function updateCachedSongs(
  client: QueryClient,
  change: (songs: PublicSong[]) => PublicSong[],
  artistID?: string,
): void {
  client.setQueriesData<PagedSongs>({ queryKey: artistID ? songKeys.artist(artistID) : songKeys.allArtists }, (page) =>
    page ? { ...page, items: change(page.items) } : page,
  );
}

/** The song as the server now answers it, in place of its old self on every cached page. */
export function replaceCachedSong(client: QueryClient, song: PublicSong): void {
  updateCachedSongs(client, (items) => items.map((item) => (item.id === song.id ? song : item)), song.artistID);
}
