import type { PayoutRun } from '@hfm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { payoutKeys } from './keys';

/** How often the runs are fetched again while one is queued or running. */
export const PAYOUT_RUNS_POLL_MS = 2000;

export const isRunGoing = (run: PayoutRun) => run.state === 'queued' || run.state === 'running';

/** GET /api/admin/payout-runs: the latest runs, newest first (admins). */
export function fetchPayoutRuns(signal?: AbortSignal): Promise<PayoutRun[]> {
  return api.get('/admin/payout-runs', { signal });
}

/** The runs, fetched again every PAYOUT_RUNS_POLL_MS while any is queued or running. */
export function usePayoutRuns() {
  return useQuery({
    queryKey: payoutKeys.runs,
    queryFn: ({ signal }) => fetchPayoutRuns(signal),
    refetchInterval: (query) => (query.state.data?.some(isRunGoing) ? PAYOUT_RUNS_POLL_MS : false),
  });
}
