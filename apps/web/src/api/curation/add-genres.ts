import type { AddGenresAnswer } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { genresQuery } from '../genres';
import { sortByLabel } from './genre-cache';

export function addGenres(labels: string[]): Promise<AddGenresAnswer> {
  return api.post('/genres', { body: { genres: labels.map((label) => ({ label })) } });
}

/** POST /api/genres, the spec's bulk save (addGenres): the added genres join the cached list. */
export function useAddGenres() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addGenres,
    onSuccess: ({ added }) =>
      client.setQueryData(genresQuery.queryKey, (list) => (list ? sortByLabel([...list, ...added]) : list)),
  });
}
