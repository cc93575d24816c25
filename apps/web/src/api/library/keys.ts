/** Query keys of the member's library: My Music and what they keep; a download changes both. */
export const libraryKeys = {
  all: ['library'] as const,
  myMusic: (memberId: string, page: number) => ['library', 'my-music', memberId, page] as const,
  keptSongIds: (memberId: string) => ['library', 'kept-song-ids', memberId] as const,
  downloadOptions: (songId: string) => ['download-options', songId] as const,
  albumDownloadOptions: (albumId: string) => ['album-download-options', albumId] as const,
};
