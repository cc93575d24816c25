import type { BannerUploadAnswer, ImagePathAnswer, PublicUser } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';

/** Multipart bannerImageData; `warning` comes back when the image is smaller than 2000x1000. */
export function uploadBanner(id: string, image: Blob, fileName: string): Promise<BannerUploadAnswer> {
  const form = new FormData();
  form.append('fileName', fileName);
  form.append('bannerImageData', image, fileName);
  return api.post('/banner-image/upload/{id}', { params: { id }, body: form });
}

export function uploadProfileImage(userId: string, imageData: string, fileName: string): Promise<ImagePathAnswer> {
  return api.post('/profile-image/upload/{id}', { params: { id: userId }, body: { imageData, fileName } });
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
