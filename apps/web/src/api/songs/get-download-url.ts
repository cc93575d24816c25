import type { DownloadAnswer, DownloadFormat } from '@hfm/shared';
import { api } from '../client';

export function fetchDownloadUrl(id: string, format: DownloadFormat = 'flac'): Promise<DownloadAnswer> {
  return api(`/api/songs/${id}/download?format=${format}`);
}
