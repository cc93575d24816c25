import type { PublicUser } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { replaceSessionUser } from './session-user-cache';

/** `DELETE /api/users/remove/profile-image/{id}`: back to no picture. */
export function removeProfileImage(userId: string): Promise<PublicUser> {
  return api.delete('/users/remove/profile-image/{id}', { params: { id: userId } });
}

export function useRemoveProfileImage(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => removeProfileImage(userId),
    onSuccess: (user) => replaceSessionUser(client, userId, () => user),
  });
}
