/** Query keys of the admins' playlists; every list and playlist sits under `playlistKeys.all`. */
export const playlistKeys = {
  all: ['playlists'] as const,
  lists: ['playlists', 'list'] as const,
  list: (page: number, limit: number) => ['playlists', 'list', page, limit] as const,
  one: (id: string) => ['playlists', 'one', id] as const,
};
