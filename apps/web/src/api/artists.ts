import type {
  BannerUploadAnswer,
  ImagePathAnswer,
  InitialData,
  PhotosAnswer,
  PhotoUploadAnswer,
  PublicArtist,
  PublicUser,
  UpdateArtistRequest,
} from '@hfm/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export function fetchInitial(): Promise<InitialData> {
  return api('/api/initial');
}

export function fetchArtist(id: string): Promise<PublicArtist> {
  return api(`/api/artists/${id}`);
}

export function updateArtist(id: string, body: UpdateArtistRequest): Promise<PublicArtist> {
  return api(`/api/artists/${id}`, { method: 'PUT', body });
}

/** Multipart bannerImageData; `warning` comes back when the image is smaller than 2000x1000. */
export function uploadBanner(id: string, image: Blob, fileName: string): Promise<BannerUploadAnswer> {
  const form = new FormData();
  form.append('fileName', fileName);
  form.append('bannerImageData', image, fileName);
  return api(`/api/banner-image/upload/${id}`, { body: form });
}

export function uploadArtistPhoto(id: string, imgData: string): Promise<PhotoUploadAnswer> {
  return api(`/api/artist-photo/upload/${id}`, { body: { imgData } });
}

export function deleteArtistPhoto(id: string, path: string): Promise<PhotosAnswer> {
  return api(`/api/artist-photo/${id}`, { method: 'DELETE', body: { path } });
}

export function uploadProfileImage(userId: string, imageData: string, fileName: string): Promise<ImagePathAnswer> {
  return api(`/api/profile-image/upload/${userId}`, { body: { imageData, fileName } });
}

export const initialQuery = queryOptions({ queryKey: ['initial'], queryFn: fetchInitial });

export const artistQuery = (id: string) => queryOptions({ queryKey: ['artist', id], queryFn: () => fetchArtist(id) });

export function useInitial() {
  return useQuery(initialQuery);
}

export function useArtist(id: string, initialData?: PublicArtist) {
  return useQuery({ ...artistQuery(id), initialData });
}

export function useUpdateArtist(id: string) {
  return useMutation({ mutationFn: (body: UpdateArtistRequest) => updateArtist(id, body) });
}

/** Uploads a new profile image; every cached view of the signed-in user (e.g. the header's avatar) shows it at once. */
export function useUploadProfileImage(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ dataUrl, fileName }: { dataUrl: string; fileName: string }) =>
      uploadProfileImage(userId, dataUrl, fileName),
    onSuccess: ({ path }) => {
      client.setQueriesData<{ user: PublicUser | null }>({ queryKey: ['session'] }, (session) =>
        session?.user?.id === userId ? { ...session, user: { ...session.user, profileImagePath: path } } : session,
      );
    },
  });
}
