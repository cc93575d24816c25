import type { DownloadAnswer, DownloadFormat, DownloadPreparing } from '@hfm/shared';
import { api } from '../client';

/** 200 with the signed URL, or 202 while the format is being made (ask again after `retryAfterSeconds`). */
export function fetchDownloadUrl(
  id: string,
  format: DownloadFormat = 'flac',
): Promise<DownloadAnswer | DownloadPreparing> {
  return api.get('/songs/{id}/download', { params: { id }, query: { format } });
}
