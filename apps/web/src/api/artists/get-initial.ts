import type { InitialData } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';

export function fetchInitial(): Promise<InitialData> {
  return api.get('/initial');
}

export const initialQuery = queryOptions({ queryKey: ['initial'], queryFn: fetchInitial });

export function useInitial() {
  return useQuery(initialQuery);
}
