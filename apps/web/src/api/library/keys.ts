/** Query keys of the member's library: My Music and what they keep; a download changes both. */
export const libraryKeys = {
  all: ['library'] as const,
  myMusic: (memberId: string, page: number, artistId: string | null, sort: string) =>
    ['library', 'my-music', memberId, page, artistId, sort] as const,
  myMusicArtists: (memberId: string) => ['library', 'my-music-artists', memberId] as const,
  keptZipOptions: (memberId: string, artistId: string) => ['library', 'kept-zip-options', memberId, artistId] as const,
  keptSongIds: (memberId: string) => ['library', 'kept-song-ids', memberId] as const,
  downloadOptions: (songId: string) => ['download-options', songId] as const,
  albumDownloadOptions: (albumId: string) => ['album-download-options', albumId] as const,
};
