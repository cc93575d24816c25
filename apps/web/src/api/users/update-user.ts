import type { PublicUser, UpdateUserBody } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { replaceSessionUser } from './session-user-cache';

/** `PUT /api/users/{id}`: names, phone, location, gender (date of birth and email cannot change). */
export function updateUser(userId: string, body: UpdateUserBody): Promise<PublicUser> {
  return api.put('/users/{id}', { params: { id: userId }, body });
}

export function useUpdateUser(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => updateUser(userId, body),
    onSuccess: (user) => replaceSessionUser(client, userId, () => user),
  });
}
