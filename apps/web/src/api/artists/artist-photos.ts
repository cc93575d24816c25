import type { PhotosAnswer, PhotoUploadAnswer, PublicArtist } from '@hfm/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { artistQuery } from './get-artist';

export function uploadArtistPhoto(id: string, imgData: string): Promise<PhotoUploadAnswer> {
  return api.post('/artist-photo/upload/{id}', { params: { id }, body: { imgData } });
}

export function deleteArtistPhoto(id: string, path: string): Promise<PhotosAnswer> {
  return api.delete('/artist-photo/{id}', { params: { id }, body: { path } });
}

function setCachedPhotos(client: QueryClient, id: string, photos: string[]) {
  client.setQueryData<PublicArtist>(artistQuery(id).queryKey, (artist) => (artist ? { ...artist, photos } : artist));
}

/** Adds a photo (a data URL); the cached artist gets the server's new list of photos. */
export function useUploadArtistPhoto(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (imgData: string) => uploadArtistPhoto(id, imgData),
    onSuccess: ({ photos }) => setCachedPhotos(client, id, photos),
  });
}

export function useDeleteArtistPhoto(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (path: string) => deleteArtistPhoto(id, path),
    onSuccess: ({ photos }) => setCachedPhotos(client, id, photos),
  });
}
