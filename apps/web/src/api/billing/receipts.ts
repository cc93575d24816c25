import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { billingKeys } from './keys';

/** Receipts on one page of the Account page's Payments section. */
export const RECEIPTS_PAGE_SIZE = 10;

/** GET /api/subscriptions/payments/{memberID}?page&limit: the member's receipts, newest first. */
export function useMemberReceipts(memberId: string, page: number) {
  return useQuery({
    queryKey: billingKeys.receiptPage(memberId, page),
    queryFn: ({ signal }) =>
      api.get('/subscriptions/payments/{memberID}', {
        params: { memberID: memberId },
        query: { page, limit: RECEIPTS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/subscriptions/receipts/{id}: one receipt (the member's own). */
export function useReceipt(id: string) {
  return useQuery({
    queryKey: billingKeys.receipt(id),
    queryFn: ({ signal }) => api.get('/subscriptions/receipts/{id}', { params: { id }, signal }),
  });
}
