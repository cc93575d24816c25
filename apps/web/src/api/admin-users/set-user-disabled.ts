import type { AdminUser, Paged } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { adminUserKeys } from './get-users';

/** POST /api/users/{id}/disable or /enable (admin). */
export function setUserDisabled(id: string, disabled: boolean): Promise<AdminUser> {
  return disabled
    ? api.post('/users/{id}/disable', { params: { id } })
    : api.post('/users/{id}/enable', { params: { id } });
}

/** The changed account replaces itself on every cached page; pages filtered by status refresh. */
export function useSetUserDisabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) => setUserDisabled(id, disabled),
    onSuccess: (user) => {
      client.setQueriesData<Paged<AdminUser>>({ queryKey: adminUserKeys.all }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === user.id ? user : item)) } : page,
      );
      return client.invalidateQueries({ queryKey: adminUserKeys.all });
    },
  });
}
