import type { CreateSongBody, PublicSong } from '@hfm/shared';
import { api } from '../client';

/** Used by the upload flow, which reports the song's progress through useSongChanged. */
export function createSong(body: CreateSongBody): Promise<PublicSong> {
  return api.post('/songs', { body });
}
