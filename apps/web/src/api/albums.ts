import type { CreateAlbumBody, DeletedAnswer, PublicAlbum, UpdateAlbumBody } from '@hfm/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from './client';

export function fetchArtistAlbums(artistID: string): Promise<PublicAlbum[]> {
  return api(`/api/albums/artist/${artistID}`);
}

export function createAlbum(body: CreateAlbumBody): Promise<PublicAlbum> {
  return api('/api/albums/create', { body });
}

export function updateAlbum(id: string, body: UpdateAlbumBody): Promise<PublicAlbum> {
  return api(`/api/albums/update/${id}`, { method: 'PATCH', body });
}

export function deleteAlbum(id: string): Promise<DeletedAnswer> {
  return api(`/api/albums/${id}`, { method: 'DELETE' });
}

export const artistAlbumsKey = (artistID: string) => ['albums', 'artist', artistID] as const;

export const artistAlbumsQuery = (artistID: string) =>
  queryOptions({ queryKey: artistAlbumsKey(artistID), queryFn: () => fetchArtistAlbums(artistID) });

export function useArtistAlbums(artistID: string) {
  return useQuery(artistAlbumsQuery(artistID));
}

/** Create when the album has no id yet, otherwise update (the spec's album save). */
export function useSaveAlbum() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateAlbumBody }) =>
      id ? updateAlbum(id, body) : createAlbum(body),
  });
}

export function useDeleteAlbum() {
  return useMutation({ mutationFn: deleteAlbum });
}
