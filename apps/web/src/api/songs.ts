import { DEFAULT_PAGE_SIZE, type CreateSongBody, type Paged, type PublicSong, type UpdateSongBody } from '@hfm/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export type DownloadFormat = 'flac' | 'mp3' | 'wav';

/** GET /api/songs/{id}/play: signed, short-lived media URLs. */
export interface PlaySources {
  full: boolean;
  hls: string | null;
  dash: string | null;
  preview: string | null;
  duration: number | null;
}

export interface FullPreviewEntry {
  id: string;
  updatedAt: string;
  isFullPreview: boolean;
  fullPreviewPosition: number;
}

export function fetchArtistSongs(
  artistID: string,
  page: number,
  limit = DEFAULT_PAGE_SIZE,
): Promise<Paged<PublicSong>> {
  return api(`/api/songs/artist/${artistID}?page=${page}&limit=${limit}`);
}

export function fetchSong(id: string, signal?: AbortSignal): Promise<PublicSong> {
  return api(`/api/songs/${id}`, { signal });
}

export function createSong(body: CreateSongBody): Promise<PublicSong> {
  return api('/api/songs', { body });
}

export function updateSong(id: string, body: UpdateSongBody): Promise<PublicSong> {
  return api(`/api/songs/${id}`, { method: 'PUT', body });
}

export function deleteSong(id: string): Promise<{ id: string; deleted: true }> {
  return api(`/api/songs/remove/${id}`, { method: 'DELETE' });
}

export function fetchPlaySources(id: string): Promise<PlaySources> {
  return api(`/api/songs/${id}/play`);
}

export function fetchDownloadUrl(id: string, format: DownloadFormat = 'flac'): Promise<{ url: string }> {
  return api(`/api/songs/${id}/download?format=${format}`);
}

export function setFullPreviewPosition(id: string, position: number, artistID: string): Promise<FullPreviewEntry[]> {
  return api(`/api/songs/full-preview-position/${id}`, { method: 'PUT', body: { position, artistID } });
}

export function removeFullPreview(id: string): Promise<FullPreviewEntry[]> {
  return api(`/api/songs/full-preview-remove/${id}`, { method: 'PUT', body: {} });
}

export const artistSongsKey = (artistID: string) => ['songs', 'artist', artistID] as const;

export const artistSongsQuery = (artistID: string, page: number, limit = DEFAULT_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...artistSongsKey(artistID), { page, limit }],
    queryFn: () => fetchArtistSongs(artistID, page, limit),
  });

export function useArtistSongs(artistID: string, page: number, limit = DEFAULT_PAGE_SIZE) {
  return useQuery({ ...artistSongsQuery(artistID, page, limit), placeholderData: (previous) => previous });
}

/** Applies a change to every cached page of the artist's songs (used after edits and deletions). */
export function useUpdateCachedSongs(artistID: string) {
  const client = useQueryClient();
  return (change: (songs: PublicSong[]) => PublicSong[]) => {
    client.setQueriesData<Paged<PublicSong>>({ queryKey: artistSongsKey(artistID) }, (page) =>
      page ? { ...page, items: change(page.items) } : page,
    );
  };
}

export function useUpdateSong() {
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: UpdateSongBody }) => updateSong(id, body) });
}

export function useDeleteSong() {
  return useMutation({ mutationFn: deleteSong });
}
