import type { ArtistListRequest } from './list-artists';

/** Query keys of artist lists (admins'); every list and the featured order sit under `artistKeys.all`. */
export const artistKeys = {
  all: ['artists'] as const,
  list: (query: ArtistListRequest) => ['artists', 'list', query] as const,
  featured: ['artists', 'featured'] as const,
};
