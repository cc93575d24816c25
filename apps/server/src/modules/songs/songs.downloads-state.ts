import type { DownloadsState } from '@hfm/shared';
import type { SongRow } from './songs.repository.js';

/** A live song whose downloads could not be made after every retry (kept in failureReason; status stays ready). */
export const DOWNLOADS_GAVE_UP_REASON = 'We could not make the downloads of this song. Please upload it again.';
export const DOWNLOADS_PREPARING_MESSAGE =
  'The downloads of this song are still being prepared. Please try again in a minute.';

/**
 * Derived from columns the song already has (docs/decisions/0029): a ready song plays as soon as its
 * stream is stored; its download keys arrive later, or a failureReason says they never will.
 * Null while the song is not ready.
 */
export function downloadsState(
  song: Pick<SongRow, 'status' | 'downloadFiles' | 'failureReason'>,
): DownloadsState | null {
  if (song.status !== 'ready') return null;
  if (song.downloadFiles) return 'ready';
  return song.failureReason ? 'failed' : 'preparing';
}
