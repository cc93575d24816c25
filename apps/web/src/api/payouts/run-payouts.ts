import type { RunPayoutsAnswer, RunPayoutsBody } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { payoutKeys } from './keys';

/** POST /api/admin/payouts/run: run a month now, or plan it (dryRun); running it again pays nobody twice. */
export function runPayouts(body: RunPayoutsBody): Promise<RunPayoutsAnswer> {
  return api('/api/admin/payouts/run', { body });
}

/** The month's payouts and the runs are fetched again after every run (a dry run adds to the runs only). */
export function useRunPayouts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runPayouts,
    onSuccess: (_answer, body) =>
      Promise.all([
        client.invalidateQueries({ queryKey: payoutKeys.runs }),
        client.invalidateQueries({ queryKey: payoutKeys.period(body.period) }),
      ]),
  });
}
