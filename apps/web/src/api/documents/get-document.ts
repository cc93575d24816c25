import type { DocumentSummary, LegalDocumentKey, PublicDocument } from '@hfm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';

export const documentKeys = {
  all: ['documents'] as const,
  list: ['documents', 'list'] as const,
  one: (idOrKey: string) => ['documents', 'one', idOrKey] as const,
  versions: (id: string) => ['documents', 'versions', id] as const,
  notices: ['documents', 'notices'] as const,
};

/** GET /api/documents/{id}: a document with its text, by id or by key ('user-terms'). */
export function fetchDocument(idOrKey: string, signal?: AbortSignal): Promise<PublicDocument> {
  return api.get('/documents/{id}', { params: { id: idOrKey }, signal });
}

export const documentQuery = (idOrKey: LegalDocumentKey | string) =>
  queryOptions({
    queryKey: documentKeys.one(idOrKey),
    queryFn: ({ signal }) => fetchDocument(idOrKey, signal),
    staleTime: 5 * 60_000,
  });

export function useDocument(idOrKey: LegalDocumentKey | string) {
  return useQuery(documentQuery(idOrKey));
}

/** GET /api/documents: every document without its text. */
export function fetchDocuments(signal?: AbortSignal): Promise<DocumentSummary[]> {
  return api.get('/documents', { signal });
}

export function useDocuments() {
  return useQuery({ queryKey: documentKeys.list, queryFn: ({ signal }) => fetchDocuments(signal) });
}
