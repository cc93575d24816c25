import type { HfmPicksAnswer } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { playlistKeys } from './keys';

/** POST /api/playlists/hfm-picks: this month's three HFM Picks playlists (made once a month). */
export function generateHfmPicks(): Promise<HfmPicksAnswer> {
  return api('/api/playlists/hfm-picks', { method: 'POST' });
}

export function useGenerateHfmPicks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateHfmPicks,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: playlistKeys.all });
    },
  });
}
