import type { PublicSong } from '@hfm/shared';
import { api } from '../client';

export function fetchSong(id: string, signal?: AbortSignal): Promise<PublicSong> {
  return api.get('/songs/{id}', { params: { id }, signal });
}
