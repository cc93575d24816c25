import type { PayoutRun } from '@hfm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isRunGoing } from './get-payout-runs';
import { payoutKeys } from './keys';

/**
 * When runs end, their month's payouts are fetched again: each run of `runs` seen queued or running that has
 * ended (whoever started it: another admin, the schedule), and `followed` (the run started on this screen) once it
 * has ended, even if the runs list never showed it going (a short run). `onFollowedEnd` hears of that one, once.
 */
export function usePayoutRunEndings(
  runs: PayoutRun[] | undefined,
  followed: PayoutRun | null,
  onFollowedEnd: (run: PayoutRun) => void,
) {
  const client = useQueryClient();
  const going = useRef<Set<string> | null>(null);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!runs) return;
    const before = going.current;
    going.current = new Set(runs.filter(isRunGoing).map((run) => run.id));
    for (const run of runs) {
      if (before?.has(run.id) && !isRunGoing(run)) {
        void client.invalidateQueries({ queryKey: payoutKeys.period(run.period) });
      }
    }
  }, [runs, client]);

  useEffect(() => {
    if (!followed || isRunGoing(followed) || handled.current === followed.id) return;
    handled.current = followed.id;
    void client.invalidateQueries({ queryKey: payoutKeys.period(followed.period) });
    onFollowedEnd(followed);
    // The callback may be new each render: the handled id keeps it to once per run.
  }, [followed, client, onFollowedEnd]);
}
