import type { HfmPicksAnswer } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { playlistKeys } from './keys';

/**
 * POST /api/playlists/hfm-picks: this month's three HFM Picks playlists (made once a month: `generated` is
 * false when they were there already). `regenerate` replaces them with three new ones.
 */
export function generateHfmPicks({ regenerate = false }: { regenerate?: boolean } = {}): Promise<HfmPicksAnswer> {
  return api.post('/playlists/hfm-picks', { query: { regenerate: regenerate ? 'true' : undefined } });
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
