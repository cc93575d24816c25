import type { DownloadAnswer, DownloadFormat } from '@hfm/shared';
import { api } from '../client';

export function fetchDownloadUrl(id: string, format: DownloadFormat = 'flac'): Promise<DownloadAnswer> {
  return api.get('/songs/{id}/download', { params: { id }, query: { format } });
}
