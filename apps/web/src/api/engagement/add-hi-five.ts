import type { HiFiveBody, HiFiveEntry } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import {
  pendingEntryId,
  rollBackHiFive,
  setCachedHiFived,
  setCachedHiFives,
  takeHiFiveSnapshot,
} from './hi-five-cache';

/** POST /api/hi-fives: adds the member's Hi Five to a song; answers the entry and the song's new count. */
export function addHiFive(body: HiFiveBody): Promise<HiFiveEntry> {
  return api.post('/hi-fives', { body });
}

/**
 * The Hi Five shows at once (the member's hiFived and the song's count), takes the server's entry id and
 * count when it answers, and is taken back if the server refuses.
 */
export function useAddHiFive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addHiFive,
    onMutate: async (body) => {
      const snapshot = await takeHiFiveSnapshot(client);
      setCachedHiFived(client, (entries) => [
        ...entries.filter((entry) => entry.itemID !== body.itemID),
        { id: pendingEntryId(body.itemID), itemID: body.itemID },
      ]);
      setCachedHiFives(client, body.itemID, (count) => count + 1);
      return snapshot;
    },
    onSuccess: (entry) => {
      setCachedHiFived(client, (entries) =>
        entries.map((existing) =>
          existing.itemID === entry.itemID ? { id: entry.id, itemID: entry.itemID } : existing,
        ),
      );
      setCachedHiFives(client, entry.itemID, () => entry.hifives);
    },
    onError: (_error, _body, snapshot) => rollBackHiFive(client, snapshot),
  });
}
