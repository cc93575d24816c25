import type { PublicSong } from '@hfm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { initialQuery } from '../artists/get-initial';
import { replaceCachedSong } from './cached-songs';
import { songKeys } from './keys';

/**
 * What an upload's progress does to the cache: a new song refetches the artist's lists, a changed one
 * takes its place in them, and a song that became ready refreshes the dashboard's figures.
 */
export function useSongChanged(artistID: string): (song: PublicSong) => void {
  const client = useQueryClient();
  return useCallback(
    (song: PublicSong) => {
      if (song.status === 'pending') void client.invalidateQueries({ queryKey: songKeys.artist(artistID) });
      else replaceCachedSong(client, song);
      if (song.status === 'ready') void client.invalidateQueries({ queryKey: initialQuery.queryKey });
    },
    [client, artistID],
  );
}
