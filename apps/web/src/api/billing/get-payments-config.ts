import type { PaymentsConfigAnswer } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { billingKeys } from './keys';

/** GET /api/payments/config: which card form to mount (the local one, or Stripe's card element). */
export function fetchPaymentsConfig(signal?: AbortSignal): Promise<PaymentsConfigAnswer> {
  return api.get('/payments/config', { signal });
}

export const paymentsConfigQuery = queryOptions({
  queryKey: billingKeys.config,
  queryFn: ({ signal }) => fetchPaymentsConfig(signal),
  staleTime: Infinity,
});

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQuery);
}
