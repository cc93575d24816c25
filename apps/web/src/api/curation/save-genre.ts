import type { PublicGenre, SaveGenreBody } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { genresQuery } from '../genres';
import { putGenre } from './genre-cache';

export function createGenre(body: SaveGenreBody): Promise<PublicGenre> {
  return api.post('/genres/create', { body });
}

export function renameGenre(id: string, body: SaveGenreBody): Promise<PublicGenre> {
  return api.patch('/genres/{id}', { params: { id }, body });
}

/** The spec's genre save: POST /api/genres/create without an id, PATCH /api/genres/{id} with one. */
export function useSaveGenre() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, label }: { id?: string; label: string }) =>
      id ? renameGenre(id, { label }) : createGenre({ label }),
    onSuccess: (genre) => client.setQueryData(genresQuery.queryKey, (list) => putGenre(list, genre)),
  });
}
