import type { DocumentNotice } from '@hfm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { documentKeys } from './get-document';

/** GET /api/documents/notices: changes of the legal texts in the last 30 days that concern the caller. */
export function fetchDocumentNotices(signal?: AbortSignal): Promise<DocumentNotice[]> {
  return api.get('/documents/notices', { signal });
}

export function useDocumentNotices() {
  return useQuery({
    queryKey: documentKeys.notices,
    queryFn: ({ signal }) => fetchDocumentNotices(signal),
    staleTime: 10 * 60_000,
  });
}
