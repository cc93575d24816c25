import type { PublicSong } from '@hfm/shared';
import { api } from '../client';

export function fetchSong(id: string, signal?: AbortSignal): Promise<PublicSong> {
  return api(`/api/songs/${id}`, { signal });
}
