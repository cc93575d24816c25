import { useState } from 'react';
import { useAddHiFive } from '../../api/engagement/add-hi-five';
import { useRemoveHiFive } from '../../api/engagement/remove-hi-five';
import { pendingEntryId } from '../../api/engagement/hi-five-cache';
import { errorMessage } from '../../api/server-errors';
import { toastError } from '../../ui/deferred-toaster';
import { useViewer } from './viewer';

/**
 * Hi Five on and off for the signed-in member. The change shows at once (the api/ hooks update the cache)
 * and is taken back, with a message, if the server refuses. A song waits for its last click to settle.
 */
export function useHiFive() {
  const viewer = useViewer();
  const add = useAddHiFive();
  const remove = useRemoveHiFive();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  function settle(songId: string) {
    setBusy((current) => {
      const next = new Set(current);
      next.delete(songId);
      return next;
    });
  }

  function toggle(songId: string) {
    const memberID = viewer.user?.id;
    if (!viewer.isMember || !memberID || busy.has(songId)) return;
    const entryId = viewer.hiFiveEntryId(songId);
    if (entryId === pendingEntryId(songId)) return;
    setBusy((current) => new Set(current).add(songId));
    const options = {
      onError: (error: unknown) => {
        toastError(`Your Hi Five did not go through: ${errorMessage(error)}`);
      },
      onSettled: () => settle(songId),
    };
    if (entryId) remove.mutate({ entryId, songId }, options);
    else add.mutate({ memberID, itemID: songId, itemType: 'song' }, options);
  }

  return {
    isHiFived: (songId: string) => viewer.hiFiveEntryId(songId) !== null,
    isBusy: (songId: string) => busy.has(songId),
    toggle,
  };
}
