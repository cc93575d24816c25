import type { DownloadFormat } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../client';
import { fetchDownloadUrl } from '../songs/get-download-url';
import { libraryKeys } from './keys';

/** Hands a URL to the browser as a download (the server names the file with Content-Disposition). */
export function startBrowserDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Downloads one song: asks for its short-lived signed URL (the server records the download), then starts
 * it. A download changes My Music, so its lists are fetched again.
 */
export function useDownloadSong() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ songId, format }: { songId: string; format: DownloadFormat }) => {
      const { url } = await fetchDownloadUrl(songId, format);
      startBrowserDownload(url);
      return url;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}

/** GET /api/albums/{id}/download?format=...: the album as one zip, streamed by the server. */
export function albumDownloadUrl(albumId: string, format: DownloadFormat = 'flac'): string {
  return apiUrl('/albums/{id}/download', { params: { id: albumId }, query: { format } });
}

/** Starting an album zip records a download of each of its songs: My Music is fetched again. */
export function useDownloadAlbum() {
  const queryClient = useQueryClient();
  return ({ albumId, format }: { albumId: string; format: DownloadFormat }) => {
    startBrowserDownload(albumDownloadUrl(albumId, format));
    void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
  };
}
