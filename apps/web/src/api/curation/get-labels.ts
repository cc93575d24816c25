import type { LabelSort, Paged, PublicLabel } from '@hfm/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';

export interface LabelListParams {
  page: number;
  limit: number;
  sort: LabelSort;
  order: 'asc' | 'desc';
}

export const labelKeys = {
  all: ['labels'] as const,
  list: (params: LabelListParams) => ['labels', params] as const,
};

export function fetchLabels(params: LabelListParams, signal?: AbortSignal): Promise<Paged<PublicLabel>> {
  const { page, limit, sort, order } = params;
  return api.get('/labels', { query: { page, limit, sort, order }, signal });
}

export const labelsQuery = (params: LabelListParams) =>
  queryOptions({
    queryKey: labelKeys.list(params),
    queryFn: ({ signal }) => fetchLabels(params, signal),
    placeholderData: keepPreviousData,
  });

export function useLabels(params: LabelListParams) {
  return useQuery(labelsQuery(params));
}
