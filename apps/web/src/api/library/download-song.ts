import type { DownloadFormat, ZipStatus } from '@hfm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiUrl } from '../client';
import { fetchDownloadUrl } from '../songs/get-download-url';
import { libraryKeys } from './keys';
import { waitUntilMade } from './wait-until-made';

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
 * it. A format made on first request answers 202 until it is made: 'Preparing your download…' shows and
 * the URL is asked for again. A download changes My Music, so its lists are fetched again.
 */
export function useDownloadSong() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ songId, format }: { songId: string; format: DownloadFormat }) => {
      const url = await waitUntilMade(
        () => fetchDownloadUrl(songId, format),
        (answer) => ('url' in answer ? answer.url : null),
        (answer) => ('retryAfterSeconds' in answer ? answer.retryAfterSeconds : 2),
      );
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

/** GET /api/albums/{id}/download-status: how far the zip's files are made (asking starts the rest). */
export function fetchAlbumZipStatus(albumId: string, format: DownloadFormat): Promise<ZipStatus> {
  return api.get('/albums/{id}/download-status', { params: { id: albumId }, query: { format } });
}

/** Waits until every file of a zip is made ('Preparing your download…' meanwhile), then starts the zip. */
async function downloadZipWhenMade(status: () => Promise<ZipStatus>, url: string): Promise<void> {
  await waitUntilMade(
    status,
    (answer) => (answer.state === 'ready' ? true : null),
    (answer) => answer.retryAfterSeconds,
  );
  startBrowserDownload(url);
}

/**
 * An album zip: once every song's file in the format is made, the zip streams. Starting it records a download
 * of each of its songs: My Music is fetched again.
 */
export function useDownloadAlbum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ albumId, format }: { albumId: string; format: DownloadFormat }) =>
      downloadZipWhenMade(() => fetchAlbumZipStatus(albumId, format), albumDownloadUrl(albumId, format)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}

/** GET .../my-music/artists/{artistID}/download?format=...: everything kept by an artist, as one zip. */
export function keptZipUrl(memberId: string, artistId: string, format: DownloadFormat): string {
  return apiUrl('/members/{memberID}/my-music/artists/{artistID}/download', {
    params: { memberID: memberId, artistID: artistId },
    query: { format },
  });
}

/** My Music's "download everything kept" for one artist, once every file in the format is made. */
export function useDownloadKeptZip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, artistId, format }: { memberId: string; artistId: string; format: DownloadFormat }) =>
      downloadZipWhenMade(
        () =>
          api.get('/members/{memberID}/my-music/artists/{artistID}/download-status', {
            params: { memberID: memberId, artistID: artistId },
            query: { format },
          }),
        keptZipUrl(memberId, artistId, format),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
