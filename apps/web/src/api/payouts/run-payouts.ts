import type { PayoutRunAccepted, RunPayoutsAnswer } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { payoutKeys } from './keys';

/** POST /api/admin/payouts/run with dryRun: the plan of a month (its first artists), answered at once. */
export function planPayouts(period: string): Promise<RunPayoutsAnswer> {
  // The route answers a plan (200) for a dry run and an accepted run (202) otherwise; the document has both.
  return api.post('/admin/payouts/run', { body: { period, dryRun: true } }) as Promise<RunPayoutsAnswer>;
}

/**
 * POST /api/admin/payouts/run: queues a month's run for the workers and answers it at once (or the month's run an
 * admin started that is still going); running it again pays nobody twice. Follow it with usePayoutRuns.
 */
export function startPayoutRun(period: string): Promise<PayoutRunAccepted> {
  return api.post('/admin/payouts/run', { body: { period, dryRun: false } }) as Promise<PayoutRunAccepted>;
}

/** A plan adds to the runs. */
export function usePlanPayouts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: planPayouts,
    onSuccess: () => client.invalidateQueries({ queryKey: payoutKeys.runs }),
  });
}

/** The runs are fetched again at once (the new run is listed, queued), then while it goes (usePayoutRuns). */
export function useStartPayoutRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startPayoutRun,
    onSuccess: () => client.invalidateQueries({ queryKey: payoutKeys.runs }),
  });
}
