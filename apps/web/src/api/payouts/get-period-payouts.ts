import type { AdminPayoutList } from '@hfm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { payoutKeys } from './keys';

/** GET /api/admin/payouts?period=: the month's payouts with names, reasons and totals (admins). */
export function fetchPeriodPayouts(period: string, signal?: AbortSignal): Promise<AdminPayoutList> {
  return api.get('/admin/payouts', { query: { period }, signal });
}

export function usePeriodPayouts(period: string) {
  return useQuery({ queryKey: payoutKeys.period(period), queryFn: ({ signal }) => fetchPeriodPayouts(period, signal) });
}
