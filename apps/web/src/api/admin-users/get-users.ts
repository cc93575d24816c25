import type { AdminUser, Paged, Role } from '@hfm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../client';

export interface AdminUsersParams {
  page: number;
  limit: number;
  role?: Role;
  status?: 'UNCONFIRMED' | 'ACTIVE' | 'SUSPENDED';
  search?: string;
  sort: 'createdAt' | 'name' | 'email';
  order: 'asc' | 'desc';
}

export const adminUserKeys = {
  all: ['admin-users'] as const,
  list: (params: AdminUsersParams) => ['admin-users', params] as const,
};

/** GET /api/paged/users (admin). */
export function fetchAdminUsers(params: AdminUsersParams, signal?: AbortSignal): Promise<Paged<AdminUser>> {
  const query = { ...params, search: params.search === '' ? undefined : params.search };
  return api.get('/paged/users', { query, signal });
}

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery({
    queryKey: adminUserKeys.list(params),
    queryFn: ({ signal }) => fetchAdminUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}
