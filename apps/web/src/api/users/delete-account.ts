import type { DeleteAccountBody, DeletedAnswer } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';

/**
 * `DELETE /api/users/{id}` with the current password (docs/decisions/0014). A wrong password is a 400
 * for the form, not a trip to /login.
 */
export function deleteAccount(userId: string, body: DeleteAccountBody): Promise<DeletedAnswer> {
  return api.delete('/users/{id}', { params: { id: userId }, body, redirectOn401: false });
}

/** Once the account is gone, nobody is signed in any more: the cached session is forgotten. */
export function useDeleteAccount(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => deleteAccount(userId, body),
    onSuccess: () => client.removeQueries({ queryKey: ['session'] }),
  });
}
