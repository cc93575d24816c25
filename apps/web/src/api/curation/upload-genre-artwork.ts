import type { GenreArtworkAnswer, PublicGenre } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { genresQuery } from '../genres';
import { putGenre } from './genre-cache';

/** The spec's artwork save: the genre plus the image (a PNG data URL from the image editor). */
export function uploadGenreArtwork(genre: PublicGenre, imageData: string): Promise<GenreArtworkAnswer> {
  return api.put('/genres/upload/artwork/{id}', { params: { id: genre.id }, body: { ...genre, imageData } });
}

/** PUT /api/genres/upload/artwork/{id}: the genre in the cached list shows its new artwork. */
export function useUploadGenreArtwork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ genre, imageData }: { genre: PublicGenre; imageData: string }) =>
      uploadGenreArtwork(genre, imageData),
    onSuccess: (genre) => client.setQueryData(genresQuery.queryKey, (list) => putGenre(list, genre)),
  });
}
