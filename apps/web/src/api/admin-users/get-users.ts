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
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  return api(`/api/paged/users?${query}`, { signal });
}

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery({
    queryKey: adminUserKeys.list(params),
    queryFn: ({ signal }) => fetchAdminUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}
