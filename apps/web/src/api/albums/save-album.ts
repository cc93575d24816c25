import type { CreateAlbumBody, PublicAlbum, UpdateAlbumBody } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { albumKeys } from './get-artist-albums';

export function createAlbum(body: CreateAlbumBody): Promise<PublicAlbum> {
  return api.post('/albums/create', { body });
}

export function updateAlbum(id: string, body: UpdateAlbumBody): Promise<PublicAlbum> {
  return api.patch('/albums/update/{id}', { params: { id }, body });
}

/** A saved album replaces its old self in the artist's cached list; a new one goes to the front. */
function putSaved(list: PublicAlbum[], saved: PublicAlbum): PublicAlbum[] {
  if (!list.some((album) => album._id === saved._id)) return [saved, ...list];
  return list.map((album) => (album._id === saved._id ? saved : album));
}

/** Create when the album has no id yet, otherwise update (the spec's album save). */
export function useSaveAlbum() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateAlbumBody }) =>
      id ? updateAlbum(id, body) : createAlbum(body),
    onSuccess: (album) =>
      client.setQueryData<PublicAlbum[]>(albumKeys.artist(album.artistID), (current = []) => putSaved(current, album)),
  });
}
