import type { DeletedAnswer } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { genresQuery } from '../genres';

export function deleteGenre(id: string): Promise<DeletedAnswer> {
  return api(`/api/genres/remove/${id}`, { method: 'DELETE' });
}

/** DELETE /api/genres/remove/{id}: the genre leaves the cached list. */
export function useDeleteGenre() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteGenre,
    onSuccess: (_answer, id) =>
      client.setQueryData(genresQuery.queryKey, (list) => list?.filter((genre) => genre.id !== id)),
  });
}
