import type { RevenueReport } from '@hfm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiUrl } from '../client';
import { earningsKeys } from './keys';

export interface MonthRange {
  /** 'YYYY-MM', UTC. */
  from: string;
  to: string;
}

/** GET /api/admin/revenue?from=&to=: the ledger per UTC month and the range's totals (admins). */
export function fetchRevenue(range: MonthRange, signal?: AbortSignal): Promise<RevenueReport> {
  return api.get('/admin/revenue', { query: { from: range.from, to: range.to }, signal });
}

/** The report for the range; while another range loads, the last one stays on screen. */
export function useRevenue(range: MonthRange) {
  return useQuery({
    queryKey: earningsKeys.revenue(range.from, range.to),
    queryFn: ({ signal }) => fetchRevenue(range, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/revenue.csv for the range, downloaded by a plain link. */
export function revenueCsvUrl(range: MonthRange): string {
  return apiUrl('/admin/revenue.csv', { query: { from: range.from, to: range.to } });
}
