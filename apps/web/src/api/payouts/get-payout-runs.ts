import type { PayoutRun } from '@hfm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { payoutKeys } from './keys';

/** GET /api/admin/payout-runs: the latest runs, newest first (admins). */
export function fetchPayoutRuns(signal?: AbortSignal): Promise<PayoutRun[]> {
  return api('/api/admin/payout-runs', { signal });
}

export function usePayoutRuns() {
  return useQuery({ queryKey: payoutKeys.runs, queryFn: ({ signal }) => fetchPayoutRuns(signal) });
}
