/** Query keys of songs: every page of an artist's songs sits under `artist(id)`. */
export const songKeys = {
  artist: (artistID: string) => ['songs', 'artist', artistID] as const,
  allArtists: ['songs', 'artist'] as const,
  peaks: (id: string) => ['songs', 'peaks', id] as const,
  uploadLimits: ['songs', 'upload-limits'] as const,
};
