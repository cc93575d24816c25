/** Query keys of what fans browse; every catalogue list that holds songs sits under `discoveryKeys.all`. */
export const discoveryKeys = {
  all: ['discovery'] as const,
  heroArtist: ['discovery', 'hero-artist'] as const,
  artistSummary: (artistId: string) => ['discovery', 'artist-summary', artistId] as const,
  memberHomeLists: ['discovery', 'member-home-lists'] as const,
  artistPage: (slug: string) => ['discovery', 'artist-page', slug] as const,
  genrePage: (id: string) => ['discovery', 'genre-page', id] as const,
  playlistPage: (id: string) => ['discovery', 'playlist-page', id] as const,
  search: (term: string) => ['discovery', 'search', term] as const,
};
