import { PEAK_SCALE, type SongPeaks } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { songKeys } from './keys';

export function fetchSongPeaks(id: string, signal?: AbortSignal): Promise<SongPeaks> {
  return api.get('/songs/{id}/peaks', { params: { id }, signal });
}

/** The base64 bytes of GET /api/songs/{id}/peaks as levels from 0 to 1. */
export function decodePeaks(answer: SongPeaks): number[] {
  return Array.from(atob(answer.peaks), (char) => char.charCodeAt(0) / PEAK_SCALE);
}

/** A song's waveform never changes once made: fetched once per song and kept. */
export const songPeaksQuery = (id: string) =>
  queryOptions({
    queryKey: songKeys.peaks(id),
    queryFn: ({ signal }) => fetchSongPeaks(id, signal).then(decodePeaks),
    staleTime: Infinity,
  });

export function useSongPeaks(id: string | null) {
  return useQuery({ ...songPeaksQuery(id ?? ''), enabled: id !== null });
}
