import type { DeletedGenreAnswer } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { genresQuery } from '../genres';

export interface DeleteGenreInput {
  id: string;
  /** The genre its artists move to first (the server moves them and deletes it in one transaction). */
  moveArtistsTo?: string;
}

export function deleteGenre({ id, moveArtistsTo }: DeleteGenreInput): Promise<DeletedGenreAnswer> {
  return api.delete('/genres/remove/{id}', { params: { id }, query: { moveArtistsTo: moveArtistsTo || undefined } });
}

/** DELETE /api/genres/remove/{id}: the genre leaves the cached list. */
export function useDeleteGenre() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteGenre,
    onSuccess: (_answer, { id }) =>
      client.setQueryData(genresQuery.queryKey, (list) => list?.filter((genre) => genre.id !== id)),
  });
}
