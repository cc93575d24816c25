import {
  DEFAULT_PAGE_SIZE,
  PEAK_SCALE,
  type CreateSongBody,
  type DeletedAnswer,
  type DownloadAnswer,
  type DownloadFormat,
  type FullPreviewEntry,
  type PagedSongs,
  type PlaybackAnswer,
  type PublicSong,
  type SongPeaks,
  type UpdateSongBody,
} from '@hfm/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export function fetchArtistSongs(artistID: string, page: number, limit = DEFAULT_PAGE_SIZE): Promise<PagedSongs> {
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

export function deleteSong(id: string): Promise<DeletedAnswer> {
  return api(`/api/songs/remove/${id}`, { method: 'DELETE' });
}

/** GET /api/songs/{id}/play: signed, short-lived media URLs. */
export function fetchPlaySources(id: string): Promise<PlaybackAnswer> {
  return api(`/api/songs/${id}/play`);
}

export function fetchSongPeaks(id: string, signal?: AbortSignal): Promise<SongPeaks> {
  return api(`/api/songs/${id}/peaks`, { signal });
}

/** The base64 bytes of GET /api/songs/{id}/peaks as levels from 0 to 1. */
export function decodePeaks(answer: SongPeaks): number[] {
  const text = atob(answer.peaks);
  return Array.from(text, (char) => char.charCodeAt(0) / PEAK_SCALE);
}

/** A song's waveform never changes once made: fetched once per song and kept. */
export const songPeaksQuery = (id: string) =>
  queryOptions({
    queryKey: ['songs', 'peaks', id],
    queryFn: ({ signal }) => fetchSongPeaks(id, signal).then(decodePeaks),
    staleTime: Infinity,
  });

export function useSongPeaks(id: string | null) {
  return useQuery({ ...songPeaksQuery(id ?? ''), enabled: id !== null });
}

export function fetchDownloadUrl(id: string, format: DownloadFormat = 'flac'): Promise<DownloadAnswer> {
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
    client.setQueriesData<PagedSongs>({ queryKey: artistSongsKey(artistID) }, (page) =>
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
