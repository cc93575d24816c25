import type { DeletedAnswer, PublicAlbum } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { albumKeys } from './get-artist-albums';

export function deleteAlbum(id: string): Promise<DeletedAnswer> {
  return api.delete('/albums/{id}', { params: { id } });
}

/** The deleted album leaves every cached list of albums. */
export function useDeleteAlbum() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAlbum,
    onSuccess: (_answer, id) =>
      client.setQueriesData<PublicAlbum[]>({ queryKey: albumKeys.allArtists }, (list) =>
        list?.filter((album) => album.id !== id),
      ),
  });
}
