import type { AdminPlaylist } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { playlistKeys } from './keys';

/** PUT /api/playlists/upload/artwork/{id}: the cropped image as a data URL; answers the playlist. */
export function uploadPlaylistArtwork(id: string, imageData: string, fileName: string): Promise<AdminPlaylist> {
  return api.put('/playlists/upload/artwork/{id}', { params: { id }, body: { imageData, fileName } });
}

export function useUploadPlaylistArtwork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, imageData, fileName }: { id: string; imageData: string; fileName: string }) =>
      uploadPlaylistArtwork(id, imageData, fileName),
    onSuccess: async (playlist) => {
      client.setQueryData(playlistKeys.one(playlist.id), playlist);
      await client.invalidateQueries({ queryKey: playlistKeys.lists });
    },
  });
}
