import type { PlaybackAnswer } from '@hfm/shared';
import { api } from '../client';

/** GET /api/songs/{id}/play: signed, short-lived media URLs. */
export function fetchPlaySources(id: string): Promise<PlaybackAnswer> {
  return api.get('/songs/{id}/play', { params: { id } });
}
