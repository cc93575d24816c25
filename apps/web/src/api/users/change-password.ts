import type { ChangePasswordBody, PasswordChangedAnswer } from '@hfm/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../client';

/** `PUT /api/users/password/{id}`: the user's own, with the current password; their other sessions end. */
export function changePassword(userId: string, body: ChangePasswordBody): Promise<PasswordChangedAnswer> {
  return api.put('/users/password/{id}', { params: { id: userId }, body });
}

export function useChangePassword(userId: string) {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => changePassword(userId, body) });
}
