import type { HiFiveRemoved } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { rollBackHiFive, setCachedHiFived, setCachedHiFives, takeHiFiveSnapshot } from './hi-five-cache';

/** DELETE /api/hi-fives/{entryId}: takes a Hi Five back; answers the song's count after. */
export function removeHiFive(entryId: string): Promise<HiFiveRemoved> {
  return api.delete('/hi-fives/{entryId}', { params: { entryId } });
}

export interface RemoveHiFiveInput {
  entryId: string;
  /** The song the entry is for: its count drops at once. */
  songId: string;
}

/** The Hi Five goes at once, the server's count follows, and it comes back if the server refuses. */
export function useRemoveHiFive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId }: RemoveHiFiveInput) => removeHiFive(entryId),
    onMutate: async ({ entryId, songId }) => {
      const snapshot = await takeHiFiveSnapshot(client);
      setCachedHiFived(client, (entries) => entries.filter((entry) => entry.id !== entryId));
      setCachedHiFives(client, songId, (count) => count - 1);
      return snapshot;
    },
    onSuccess: (answer) => setCachedHiFives(client, answer.itemID, () => answer.hifives),
    onError: (_error, _input, snapshot) => rollBackHiFive(client, snapshot),
  });
}
